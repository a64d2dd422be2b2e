import type { Knex } from 'knex';

/**
 * Studio takes in either container (WebM from Chromium and Firefox, fragmented MP4 from Safari), and
 * finalize remuxes them: `container` is fixed by the first chunk carrying a container header (sniffed
 * from its bytes), and the raw chunks' own sha256 and size are kept beside those of the stored (remuxed)
 * object, so a take can be checked against what the browser recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (t) => {
    t.text('container').checkIn(['webm', 'mp4'], 'recordings_container_check');
    t.text('source_sha256');
    t.bigInteger('source_size_bytes');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (t) => {
    t.dropChecks(['recordings_container_check']);
    t.dropColumns('container', 'source_sha256', 'source_size_bytes');
  });
}
