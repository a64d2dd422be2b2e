import type { MouseEvent } from 'react';

/** One field's message and the id of its control. */
export interface FieldProblem {
  id: string;
  message: string;
}

/**
 * What a failed submit says at the top of a form: how many fields need attention and each message as a link to its
 * field (the form also focuses the first one). An alert, so it is read out when it appears.
 */
export function ErrorSummary({ problems }: { problems: FieldProblem[] }) {
  if (problems.length === 0) return null;
  // Focus the control itself: following '#id' would only scroll, and the router could take the hash as a navigation.
  const go = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    e.preventDefault();
    const el = document.getElementById(id);
    el?.scrollIntoView({ block: 'center' });
    el?.focus({ preventScroll: true });
  };
  return (
    <div role="alert" className="rounded-lg border border-red-200 border-l-4 border-l-red-600 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">{problems.length === 1 ? 'Please correct 1 field:' : `Please correct ${problems.length} fields:`}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((p) => (
          <li key={p.id}>
            <a href={`#${p.id}`} onClick={(e) => go(e, p.id)} className="underline underline-offset-2 hover:text-red-950">
              {p.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
