// `npm run ledger-key -- <name>`: a new Ed25519 signing key for the ledger's checkpoints (LEDGER_SIGNING_KEY, keep it
// secret) and its verifier key (publish it). The name is the checkpoints' origin, e.g. example.org/ledger.
import { generateSignerKey, parseSignerKey, verifierKeyOf } from '@app/common/domain/signed-note';

const name = process.argv[2];
if (!name) {
  process.stderr.write('usage: npm run ledger-key -- <name, e.g. example.org/ledger>\n');
  process.exit(2);
}
const key = generateSignerKey(name);
process.stdout.write(`LEDGER_SIGNING_KEY=${key}\nverifier key (publish it): ${verifierKeyOf(parseSignerKey(key))}\n`);
