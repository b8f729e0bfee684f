/**
 * The log origin is unique per installation (issue 10 §2): derived from PUBLIC_URL's host (a loopback
 * URL adds a suffix of the installation's ledger key), explicit LEDGER_ORIGIN wins, and a log that
 * already has checkpoints keeps its origin whatever PUBLIC_URL says later.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { derivedOrigin } from './origin.ts';

describe('ledger origin', () => {
  const open: Harness[] = [];
  afterAll(async () => {
    for (const h of open) await h.close();
  });

  it('derives <host>/ledger from PUBLIC_URL; loopback URLs get a per-key suffix; never a shared constant', () => {
    const a = crypto.randomBytes(32);
    const b = crypto.randomBytes(32);
    expect(derivedOrigin('https://cz.example.com', a)).toBe('cz.example.com/ledger');
    expect(derivedOrigin('https://cz.example.com:8443/sub/', a)).toBe('cz.example.com:8443/sub/ledger');
    expect(derivedOrigin('http://localhost:8080', a)).toMatch(/^localhost:8080\/ledger\/[0-9a-f]{8}$/);
    expect(derivedOrigin('http://localhost:8080', a)).not.toBe(derivedOrigin('http://localhost:8080', b));
    expect(derivedOrigin('http://127.0.0.1:8080', a)).toBe(derivedOrigin('http://127.0.0.1:8080', a));
    expect(loadConfig({}).LEDGER_ORIGIN).toBe('');
  });

  it('a new installation takes the derived origin; explicit wins; an existing log keeps its origin after PUBLIC_URL changes', async () => {
    const h = await makeHarness({ PUBLIC_URL: 'https://evidence.example.org' });
    open.push(h);
    expect(h.services.ledger.verifierKey().startsWith('evidence.example.org/ledger+')).toBe(true);
    const u = await (await import('../../../test/client.ts')).registerUser(h, { name: '郑一' });
    expect((await u.api.upload('a.txt', Buffer.from('a'))).code).toBe(200);
    const note = (await h.services.ledger.checkpointNow())!.note;
    expect(note.startsWith('evidence.example.org/ledger\n')).toBe(true);

    // Same database and keys, another PUBLIC_URL: the stored log keeps its name.
    await h.app.close();
    const moved = await buildApp(loadConfig({ DATA_DIR: h.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://new-name.example.org' }), h.database, { logger: false });
    await moved.app.ready();
    expect(moved.services.ledger.verifierKey().startsWith('evidence.example.org/ledger+')).toBe(true);
    expect((await moved.services.ledger.verifyAll()).ok).toBe(true);
    await moved.app.close();

    const explicit = await makeHarness({ LEDGER_ORIGIN: 'log.example.net/x', PUBLIC_URL: 'https://evidence.example.org' });
    open.push(explicit);
    expect(explicit.services.ledger.verifierKey().startsWith('log.example.net/x+')).toBe(true);
  }, 180_000);
});
