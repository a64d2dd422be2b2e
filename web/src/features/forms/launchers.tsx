import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/button';

// The dialogs (with zod and the form kit) load on first use, so the landing page stays light.
const loadScholarship = () => import('./ScholarshipDialog');
const loadConsultation = () => import('./ConsultationDialog');
const ScholarshipDialog = lazy(loadScholarship);
const ConsultationDialog = lazy(loadConsultation);

interface LauncherProps {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** A button that opens the scholarship application dialog. */
export function ScholarshipButton({ children, variant = 'secondary', size = 'md', className }: LauncherProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadScholarship()}
        onFocus={() => void loadScholarship()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ScholarshipDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/** A button that opens the sector consultation dialog. */
export function ConsultationButton({ children, variant = 'primary', size = 'md', className }: LauncherProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadConsultation()}
        onFocus={() => void loadConsultation()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ConsultationDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
