import { Link } from 'react-router-dom';
import type { TSessionUser } from '@app/common/schemas/auth';
import { displayName } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { accountLinks } from './links';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu';

/**
 * The signed-in member's menu in the top bar, in place of Join Community: their name, their profile, the admin pages for
 * admins, Security and Sign Out. Loaded only for signed-in visitors (React.lazy in TopNav), so the public pages don't pay for it.
 */
export default function UserMenu({ user }: { user: TSessionUser }) {
  const signOut = useSignOut();
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex max-w-44 items-center gap-2 rounded-md border border-gold-500/40 px-3 py-1.5 text-sm font-semibold text-white transition-colors hover:bg-ink-800 data-[state=open]:bg-ink-800"
        data-testid="user-menu"
      >
        <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-gold-500 text-xs font-bold text-ink-950">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="truncate">{name}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Signed in as {name}</DropdownMenuLabel>
        {accountLinks(user).map((l) => (
          <DropdownMenuItem asChild key={l.to}>
            {l.server ? <a href={l.to}>{l.label}</a> : <Link to={l.to}>{l.label}</Link>}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive onSelect={signOut}>
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
