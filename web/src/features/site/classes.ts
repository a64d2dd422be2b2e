/**
 * The outline button on navy backgrounds: white text and a light border over the dark surface. The kit's `cn` does
 * not resolve Tailwind conflicts, so these override the outline variant's white fill with the important modifier.
 */
export const ON_DARK_OUTLINE = 'border-white/40! bg-transparent! text-white! hover:border-white! hover:bg-white/10!';
/** The same for the gold-edged buttons of the top bar and footer. */
export const ON_NAVY_GOLD_OUTLINE = 'border-gold-500/60! bg-transparent! text-white! hover:bg-ink-800! hover:text-white!';
