import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { verifierKeyOf } from '@app/common/domain/signed-note';
import { toHex } from '@app/common/domain/tlog';
import { ZApiError } from '@app/common/schemas/errors';
import { ZCheckpointList, ZCheckpointsQuery, ZEntries, ZEntriesQuery, ZConsistencyProof, ZConsistencyQuery, ZInclusionProof, ZInclusionQuery, ZRowProof, ZRowProofQuery } from '@app/common/schemas/transparency';
import { ledgerSignerOf } from '@app/common/server/ledger/ledger-key';
import { latestCheckpoint, listCheckpoints } from '@app/common/server/ledger/tlog-checkpoints';
import { consistencyProof, inclusionProof, logEntriesOfInvestor, logEntry, logSize } from '@app/common/server/ledger/tlog.repository';
import { LEDGER_CACHE_CONTROL } from '@app/common/domain/ledger-http-cache';
import { httpError } from '../../http-error';
import type { ModuleOptions } from '../module';

/** A proof of fixed sizes never changes: browsers and the proxy may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const TEXT = 'text/plain; charset=utf-8';

/**
 * The ledger's transparency log (docs/ledger-transparency.md): the latest signed checkpoint and the key that signs
 * it (plain text, the formats Go's sumdb/note reads), every checkpoint kept, and RFC 9162 proofs as JSON hex.
 */
export const transparencyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config }) => {
  const verifierKey = verifierKeyOf(ledgerSignerOf(config));

  app.get(LEDGER_PATHS.key, { config: { access: 'public' }, schema: { tags: ['ledger'], summary: 'The public key that signs the ledger checkpoints, as a signed-note verifier key (<name>+<hash>+<base64 key>)', produces: ['text/plain'] } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').type(TEXT).send(`${verifierKey}\n`),
  );

  app.get(
    LEDGER_PATHS.checkpoint,
    { config: { access: 'public' }, schema: { tags: ['ledger'], summary: 'The latest signed checkpoint of the ledger log (C2SP tlog-checkpoint in a signed note); 404 while the ledger is empty', produces: ['text/plain'], response: { 404: ZApiError } } },
    async (_req, reply) => {
      const latest = await latestCheckpoint(app.db);
      if (!latest) throw httpError(404, 'No checkpoint has been signed yet: the ledger is empty');
      return (reply as FastifyReply).header('cache-control', LEDGER_CACHE_CONTROL).type(TEXT).send(latest.note);
    },
  );

  app.get(
    LEDGER_PATHS.checkpoints,
    { config: { access: 'public' }, schema: { tags: ['ledger'], summary: 'Every checkpoint ever signed, newest first (page with `before` = the last size seen)', querystring: ZCheckpointsQuery, response: { 200: ZCheckpointList, 400: ZApiError } } },
    async (req, reply) => {
      (reply as FastifyReply).header('cache-control', LEDGER_CACHE_CONTROL);
      return { checkpoints: await listCheckpoints(app.db, req.query), verifierKey };
    },
  );

  app.get(
    LEDGER_PATHS.entries,
    { config: { access: 'public' }, schema: { tags: ['ledger'], summary: "One investor ID's rows with their log indexes (at most 200, oldest first): what the ledger page's Verify asks proofs for", querystring: ZEntriesQuery, response: { 200: ZEntries, 400: ZApiError } } },
    async (req, reply) => {
      (reply as FastifyReply).header('cache-control', LEDGER_CACHE_CONTROL);
      return { entries: await logEntriesOfInvestor(app.db, req.query.investor) };
    },
  );

  app.get(
    LEDGER_PATHS.inclusionProof,
    { config: { access: 'public' }, schema: { tags: ['ledger'], summary: 'RFC 9162 inclusion proof of the row at log `index` in the tree of `size` rows (hex, leaf to root)', querystring: ZInclusionQuery, response: { 200: ZInclusionProof, 400: ZApiError, 404: ZApiError } } },
    async (req, reply) => {
      const { index, size } = req.query;
      if (index >= size) throw httpError(400, 'index must be below size');
      if (size > (await logSize(app.db))) throw httpError(404, `the log has fewer than ${size} rows`);
      const [entry, proof] = await Promise.all([logEntry(app.db, index), inclusionProof(app.db, index, size)]);
      (reply as FastifyReply).header('cache-control', IMMUTABLE);
      return { index, size, leafHash: entry.leafHash, row: entry.row, proof: proof.map(toHex) };
    },
  );

  app.get(
    LEDGER_PATHS.rowProof,
    {
      config: { access: 'public' },
      schema: {
        tags: ['ledger'],
        summary: "The latest signed checkpoint, the row at log `index`'s inclusion proof in it, and the consistency proof from size `seen` to it: the ledger page's Verify in one round trip",
        querystring: ZRowProofQuery,
        response: { 200: ZRowProof, 400: ZApiError },
      },
    },
    async (req, reply) => {
      const { index, seen } = req.query;
      // Revalidated on each Verify: it checks against the latest checkpoint.
      (reply as FastifyReply).header('cache-control', 'no-cache');
      const checkpoint = await latestCheckpoint(app.db);
      if (!checkpoint || index >= checkpoint.size) return { verifierKey, checkpoint, inclusion: null, consistency: null };
      const { size } = checkpoint;
      const [entry, proof, consistency] = await Promise.all([
        logEntry(app.db, index),
        inclusionProof(app.db, index, size),
        seen !== undefined && seen < size ? consistencyProof(app.db, seen, size) : null,
      ]);
      return {
        verifierKey,
        checkpoint,
        inclusion: { index, size, leafHash: entry.leafHash, row: entry.row, proof: proof.map(toHex) },
        consistency: consistency && { from: seen!, to: size, proof: consistency.map(toHex) },
      };
    },
  );

  app.get(
    LEDGER_PATHS.consistencyProof,
    { config: { access: 'public' }, schema: { tags: ['ledger'], summary: 'RFC 9162 consistency proof from the tree of `from` rows to the tree of `to` rows (hex)', querystring: ZConsistencyQuery, response: { 200: ZConsistencyProof, 400: ZApiError, 404: ZApiError } } },
    async (req, reply) => {
      const { from, to } = req.query;
      if (from > to) throw httpError(400, 'from must not be above to');
      if (to > (await logSize(app.db))) throw httpError(404, `the log has fewer than ${to} rows`);
      (reply as FastifyReply).header('cache-control', IMMUTABLE);
      return { from, to, proof: (await consistencyProof(app.db, from, to)).map(toHex) };
    },
  );
};
