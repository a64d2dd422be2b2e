import { Icon } from '../landing/ui';
import { LEARNING_TOPICS } from './program';

/**
 * The program's learning topics as a two-column checklist: on the dark landing section (`dark`), as
 * bordered cards (`card`), or plain on a light page (`plain`).
 */
export function LearningTopics({ look, className = 'mt-5 grid gap-4 sm:grid-cols-2' }: { look: 'dark' | 'card' | 'plain'; className?: string }) {
  const dark = look === 'dark';
  return (
    <ul className={className}>
      {LEARNING_TOPICS.map((t) => (
        <li key={t.title} className={look === 'card' ? 'flex gap-3 rounded-xl border border-slate-200 bg-white p-4' : 'flex gap-3'}>
          <Icon name="check" className={`mt-0.5 h-5 w-5 shrink-0 ${dark ? 'text-gold-300' : 'text-gold-800'}`} />
          <div>
            <p className={dark ? 'font-semibold' : 'font-semibold text-ink-900'}>{t.title}</p>
            <p className={dark ? 'text-sm leading-relaxed text-slate-300' : 'text-sm text-slate-700'}>{t.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
