import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/button';

interface LauncherProps {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

type DialogModule = { default: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }> };

/**
 * A button that opens a lazily loaded dialog: the dialog (with zod and the form kit) loads when the
 * pointer or focus reaches the button, so the landing page stays light.
 */
function dialogLauncher(load: () => Promise<DialogModule>, defaultVariant: ButtonVariant) {
  const Dialog = lazy(load);
  return function Launcher({ children, variant = defaultVariant, size = 'md', className }: LauncherProps) {
    const [open, setOpen] = useState(false);
    const [used, setUsed] = useState(false);
    return (
      <>
        <Button
          variant={variant}
          size={size}
          className={className}
          aria-haspopup="dialog"
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          {children}
        </Button>
        {used && (
          <Suspense fallback={null}>
            <Dialog open={open} onOpenChange={setOpen} />
          </Suspense>
        )}
      </>
    );
  };
}

/** A button that opens the scholarship application dialog. */
export const ScholarshipButton = dialogLauncher(() => import('./ScholarshipDialog'), 'secondary');

/** A button that opens the sector consultation dialog. */
export const ConsultationButton = dialogLauncher(() => import('./ConsultationDialog'), 'primary');
