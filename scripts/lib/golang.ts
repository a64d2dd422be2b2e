import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from './apt';

/** Debian's copy of golang.org/x/mod (golang-golang-x-mod-dev), read in GOPATH mode. */
const GOPATH = '/usr/share/gocode';

/** The environment that runs tests/tlog-verify with Debian's Go and x/mod, without modules or the network. */
export const goEnv = (): NodeJS.ProcessEnv => ({ ...process.env, GO111MODULE: 'off', GOPATH, GOFLAGS: '', GOPROXY: 'off', GOCACHE: process.env.GOCACHE ?? '/tmp/adx-go-cache' });

function installed(): boolean {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0 && existsSync(`${GOPATH}/src/golang.org/x/mod/sumdb/tlog/tlog.go`);
}

/**
 * Makes sure Go and the Go checksum database's packages (sumdb/note, sumdb/tlog) are installed from Debian: the
 * outside verifier test checks the ledger's checkpoints and proofs with them (tests/tlog-verify). apt-get when root.
 */
export async function ensureGo(log: (m: string) => void): Promise<void> {
  if (installed()) return;
  const hint = 'Go and golang.org/x/mod verify the ledger log in the tests: install them with `sudo apt-get install -y golang-go golang-golang-x-mod-dev`';
  if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) await aptInstall('golang-go', log, hint);
  await aptInstall('golang-golang-x-mod-dev', log, hint);
  if (!installed()) throw new Error(`apt-get ran but Go or ${GOPATH}/src/golang.org/x/mod is still missing`);
}
