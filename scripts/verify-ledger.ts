// `npm run verify-ledger -- <export.csv> <checkpoint.txt> [<verifier key>]`: checks a downloaded ledger export against
// a signed checkpoint, offline. Recomputes every row's leaf from its fields (docs/ledger-transparency.md), compares it
// with the export's leaf_hash, rebuilds the RFC 6962 root of the checkpoint's size from the leaves in log order, and
// checks the checkpoint's signature with the verifier key (the argument, else LEDGER_VERIFIER_KEY; the site serves it
// at /ledger/key). Exit status 0 when everything holds, 1 otherwise.
import { readFileSync } from 'node:fs';
import { openNote, parseCheckpoint } from '@app/common/domain/signed-note';
import { leafHashOf, rootOf, sameHash, toHex, fromHex } from '@app/common/domain/tlog';

/** RFC 4180 fields of one CSV text (Postgres's COPY ... CSV quotes only where needed). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      field = field.replace(/\r$/, '');
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** The investor ID as logged: the export puts a ' before a leading = + - @ TAB or CR (spreadsheet formula guard). */
const unguarded = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function main(): number {
  const [csvPath, checkpointPath, keyArg] = process.argv.slice(2);
  const key = keyArg ?? process.env.LEDGER_VERIFIER_KEY;
  if (!csvPath || !checkpointPath || !key) {
    process.stderr.write('usage: npm run verify-ledger -- <export.csv> <checkpoint.txt> <verifier key from /ledger/key>\n');
    return 2;
  }
  const text = openNote(readFileSync(checkpointPath, 'utf8'), key);
  if (text === null) {
    console.log('FAIL the checkpoint is not signed by that key');
    return 1;
  }
  const checkpoint = parseCheckpoint(text);
  console.log(`ok   checkpoint of ${checkpoint.size} rows signed by ${checkpoint.origin}`);

  const [header, ...rows] = parseCsv(readFileSync(csvPath, 'utf8'));
  const col = (name: string) => {
    const at = header?.indexOf(name) ?? -1;
    if (at < 0) throw new Error(`the export has no ${name} column: download it again from the ledger page`);
    return at;
  };
  const [id, date, usd, tokens, kind, reverses, index, leaf] = ['Investor ID', 'Purchase Date', 'Investment Amount (USD)', 'Tokens to be Distributed', 'kind', 'reverses_log_index', 'log_index', 'leaf_hash'].map(col) as number[];
  const sorted = rows.filter((r) => r.length > 1).sort((a, b) => Number(a[index!]) - Number(b[index!]));
  let failed = false;
  const leaves = sorted.map((r, i) => {
    if (Number(r[index!]) !== i) throw new Error(`the export lacks log index ${i}: verify a full export (no search)`);
    const computed = leafHashOf({ investor_id: unguarded(r[id!]!), purchase_date: r[date!]!, investment_amount_usd: r[usd!]!, tokens_to_be_distributed: r[tokens!]!, kind: r[kind!]!, reverses_index: r[reverses!] ? Number(r[reverses!]) : null });
    if (!failed && !sameHash(computed, fromHex(r[leaf!]!))) {
      console.log(`FAIL row ${i} (${r[id!]}) does not hash to the leaf it was logged with`);
      failed = true;
    }
    return computed;
  });
  if (leaves.length < checkpoint.size) {
    console.log(`FAIL the export has ${leaves.length} rows, the checkpoint ${checkpoint.size}`);
    return 1;
  }
  const root = rootOf(leaves.slice(0, checkpoint.size));
  if (!sameHash(root, checkpoint.root)) {
    console.log(`FAIL the first ${checkpoint.size} rows of the export hash to ${toHex(root)}, not to the signed root ${toHex(checkpoint.root)}`);
    return 1;
  }
  console.log(`ok   the first ${checkpoint.size} of the ${leaves.length} exported rows rebuild the signed root`);
  return failed ? 1 : 0;
}

process.exitCode = main();
