import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { newsletterApi } from '@app/common/api/newsletter';
import { call } from '../lib/api';

// One request per token and action, even when React mounts the page twice (StrictMode) or it re-renders.
const inFlight = new Map<string, Promise<string>>();

/** /newsletter/confirm and /newsletter/unsubscribe: the links in our mail; the request is sent by the page (a POST), so a mail scanner's GET changes nothing. */
export default function NewsletterLink() {
  const action = useLocation().pathname.endsWith('/unsubscribe') ? 'unsubscribe' : 'confirm';
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => {
    const key = `${action}:${token}`;
    let promise = inFlight.get(key);
    if (!promise) {
      promise = call(newsletterApi[action], { body: { token } }).then((r) => r.message);
      inFlight.set(key, promise);
    }
    let live = true;
    promise.then(
      (message) => live && setState({ ok: true, message }),
      (err: Error) => live && setState({ ok: false, message: err.message }),
    );
    return () => {
      live = false;
    };
  }, [action, token]);
  const title = action === 'confirm' ? 'Newsletter subscription' : 'Unsubscribe';
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <title>{pageTitle(title)}</title>
      <h1 className="font-display text-3xl font-semibold text-ink-900">{title}</h1>
      {state ? (
        <p role={state.ok ? 'status' : 'alert'} className={state.ok ? 'text-lg text-ink-900' : 'text-lg text-red-800'} data-testid="newsletter-result">
          {state.message}
        </p>
      ) : (
        <Spinner size="lg" label="One moment…" />
      )}
      <Link to="/" className={buttonClasses({ variant: 'primary' })}>
        Return to Homepage
      </Link>
    </section>
  );
}
