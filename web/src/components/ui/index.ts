/** The shared UI kit: import from here, or from a component's own file to keep a route chunk minimal. */
export * from './badge';
export * from './button';
export * from './card';
export * from './checkbox';
export * from './dialog';
export * from './dropdown-menu';
export * from './field';
export * from './input';
export * from './label';
export * from './select';
export * from './spinner';
export * from './switch';
export * from './tabs';
export * from './textarea';
export * from './toast';
