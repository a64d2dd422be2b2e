import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';

type PersonKey = 'firstName' | 'lastName' | 'email' | 'phone';

/** What a form binds to an input: its id (when the form names its fields), name, value and change handler. */
export interface Bound {
  id?: string | undefined;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}

/**
 * The applicant's name, e-mail and phone, shared by the incubator application and registration forms.
 * `contactRow` puts e-mail and phone side by side on wide screens (the application form does).
 */
export function PersonFields({ bind, errors, contactRow = false }: { bind: (key: PersonKey) => Bound; errors: Partial<Record<PersonKey, string>>; contactRow?: boolean }) {
  const contact = (
    <>
      <Field label="Email" required error={errors.email}>
        <Input type="email" autoComplete="email" {...bind('email')} />
      </Field>
      <Field label="Phone Number" required error={errors.phone}>
        <Input type="tel" autoComplete="tel" {...bind('phone')} />
      </Field>
    </>
  );
  return (
    <>
      <div className="grid gap-[inherit] sm:grid-cols-2">
        <Field label="First Name" required error={errors.firstName}>
          <Input autoComplete="given-name" {...bind('firstName')} />
        </Field>
        <Field label="Last Name" required error={errors.lastName}>
          <Input autoComplete="family-name" {...bind('lastName')} />
        </Field>
      </div>
      {contactRow ? <div className="grid gap-[inherit] sm:grid-cols-2">{contact}</div> : contact}
    </>
  );
}
