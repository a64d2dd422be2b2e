import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Spinner } from '../components/ui/spinner';
import { AdminGate } from '../features/admin/AdminGate';
import { SiteSettingsForm } from '../features/admin/settings/SiteSettingsForm';
import { TokenSaleForm } from '../features/admin/settings/TokenSaleForm';
import { useSiteData } from '../features/site/site-data';

/** /admin/settings: the token sale and the site's content (addresses, videos, claims, sector names, roadmap), for admins. */
export default function AdminSettings() {
  const { data } = useSiteData();
  return (
    <>
      <title>{pageTitle('Site settings')}</title>
      <AdminGate>
        <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
          <div className="flex items-center gap-3">
            <h1 className="font-display text-3xl font-semibold text-ink-900">Site settings</h1>
            <Badge variant="gold">Admin</Badge>
          </div>
          <p className="mt-1 text-slate-600">What the public pages say, without a deploy: saved here, shown on every page within seconds.</p>
          {data ? (
            <div className="mt-6 flex flex-col gap-6">
              <TokenSaleForm key={`sale-${data.revision}`} sale={data.tokenSale} />
              <SiteSettingsForm settings={data.settings} />
            </div>
          ) : (
            <div className="mt-10 flex justify-center">
              <Spinner size="lg" decorative />
            </div>
          )}
        </div>
      </AdminGate>
    </>
  );
}
