// A floor peer for the ledger's investor-ID search: a bare node:http server (no framework, no validation, no cache)
// that runs, per request, the same prepared search statement the API runs for one search on a pg pool of the API's
// size, and sends its rows as JSON. Any server that answers a search from Postgres does at least this much; what the
// API spends above it is its own. DATABASE_URL and POOL_MAX as the API's; GET /?search=<prefix>.
import { createServer } from 'node:http';
import pg from 'pg';
import { pageStatement, prefixRange, toPublicRow, type LedgerRowDb } from '@app/common/server/ledger/ledger-page-sql';

const PAGE_SIZE = 50;
const statement = pageStatement('search', 'start', PAGE_SIZE + 1);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });

const server = createServer((req, res) => {
  const search = new URL(req.url ?? '/', 'http://peer').searchParams.get('search') ?? '';
  pool.query<LedgerRowDb>({ ...statement, values: prefixRange(search) }).then(
    ({ rows }) => {
      const found = rows.filter((r) => r.cursor !== null);
      const page = found.slice(0, PAGE_SIZE);
      const body = JSON.stringify({
        rows: page.map(toPublicRow),
        total: Number(rows[0]?.matched ?? 0),
        page: 1,
        pageSize: PAGE_SIZE,
        search,
        nextCursor: found.length > PAGE_SIZE ? page[page.length - 1]!.cursor : null,
        prevCursor: null,
      });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    (err: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(err.message);
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
