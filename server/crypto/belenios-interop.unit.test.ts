// Agreement with the independent implementation: Debian's belenios-tool 2.0 (installed by .ci/run).
// An election set up by belenios-tool; its ballots pass our checks, ours pass its verifier, and a
// ballot altered by its own voter is refused by both.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBallot,
  checkBallot,
  serializeBallot,
  type BallotContext,
} from '../../shared/crypto/ballot.ts';
import { credentialSecret, publicCredential } from '../../shared/crypto/credentials.ts';
import { setModPow, type ModPow } from '../../shared/crypto/group.ts';
import { sha256B64 } from '../../shared/crypto/hash.ts';
import { electionKeys } from '../../shared/crypto/keys.ts';
import { parseBallot } from '../../shared/crypto/parse.ts';
import { proveSchnorr } from '../../shared/crypto/proofs.ts';
import { RecordWriter, readRecord } from '../../shared/crypto/record/record.ts';
import { verifyRecord } from '../../shared/crypto/verify/verify-record.ts';
import { opensslModPow } from './openssl-mod-pow.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'belenios-'));
const tool = (args: string[], input?: string) =>
  execFileSync('belenios-tool', args, {
    cwd: dir,
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  });
/** Runs `election verify` on a copy of the archive plus the given ballots; true when it accepts. */
function beleniosAccepts(uuid: string, ballots: string[]): boolean {
  const copy = fs.mkdtempSync(path.join(dir, 'check-'));
  fs.copyFileSync(path.join(dir, `${uuid}.bel`), path.join(copy, `${uuid}.bel`));
  for (const b of ballots)
    tool(['archive', 'add-event', '--dir', copy, '--type', 'Ballot'], b + '\n');
  return spawnSync('belenios-tool', ['election', 'verify', '--dir', copy]).status === 0;
}

let uuid: string;
let ctx: BallotContext;
let credentials: string[];
let previousEngine: ModPow;

beforeAll(() => {
  previousEngine = setModPow(opensslModPow());
  uuid = tool(['setup', 'generate-token']).trim();
  fs.writeFileSync(path.join(dir, 'voters.txt'), 'v1\nv2\nv3\n');
  tool([
    'setup',
    'generate-credentials',
    '--uuid',
    uuid,
    '--file',
    'voters.txt',
    '--group',
    'BELENIOS-2048',
  ]);
  const base = fs
    .readdirSync(dir)
    .find((f) => f.endsWith('.privcreds'))!
    .replace('.privcreds', '');
  credentials = fs
    .readFileSync(path.join(dir, `${base}.privcreds`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[1]!);
  const pubcreds = JSON.parse(
    fs.readFileSync(path.join(dir, `${base}.pubcreds`), 'utf8'),
  ) as string[];
  fs.writeFileSync(
    path.join(dir, 'public_creds.json'),
    JSON.stringify(pubcreds.map((c) => c.split(',')[0])),
  );
  tool(['setup', 'generate-trustee-key', '--group', 'BELENIOS-2048']);
  const pubkey = fs.readdirSync(dir).find((f) => f.endsWith('.pubkey'))!;
  fs.copyFileSync(path.join(dir, pubkey), path.join(dir, 'public_keys.jsons'));
  tool(['setup', 'make-trustees']);
  const template = {
    description: 'Pemilihan Ketua dan Wakil Ketua BEM',
    name: 'Pemira',
    questions: [
      {
        answers: ['Paslon 1', 'Paslon 2', 'Paslon 3', 'Paslon 4', 'Paslon 5', 'Kotak Kosong'],
        blank: true,
        min: 1,
        max: 1,
        question: 'Ketua dan Wakil Ketua',
      },
    ],
  };
  fs.writeFileSync(path.join(dir, 'template.json'), JSON.stringify(template));
  tool([
    'setup',
    'make-election',
    '--uuid',
    uuid,
    '--group',
    'BELENIOS-2048',
    '--template',
    'template.json',
  ]);
  tool(['archive', 'init']);
  const electionText = fs.readFileSync(path.join(dir, 'election.json'), 'utf8').replace(/\n$/, '');
  const election = JSON.parse(electionText);
  ctx = {
    uuid,
    fingerprint: sha256B64(electionText),
    keys: electionKeys(BigInt(election.public_key)),
    questions: election.questions,
  };
  expect(pubcreds.map((c) => c.split(',')[0])).toContain(
    String(publicCredential(credentials[0]!, uuid)),
  );
});

afterAll(() => {
  setModPow(previousEngine);
  fs.rmSync(dir, { recursive: true, force: true });
});

function toolBallot(credential: string, plaintext: number[]): string {
  fs.writeFileSync(path.join(dir, 'cred'), credential);
  fs.writeFileSync(path.join(dir, 'choice.json'), JSON.stringify([plaintext]));
  return tool([
    'election',
    'generate-ballot',
    '--dir',
    '.',
    '--privcred',
    'cred',
    '--ballot',
    'choice.json',
  ]).trim();
}

/** The voter changes one proof response of their own ballot and signs it again. */
function alteredAndResigned(text: string, credential: string): string {
  const parsed = parseBallot(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  const b = parsed.ballot;
  const a = b.answers[0]!;
  const [first, ...rest] = a.overallProof;
  const answers = [
    { ...a, overallProof: [{ ...first!, response: (first!.response + 1n) % 2n ** 255n }, ...rest] },
  ];
  const unsigned = { ...b, answers, signature: undefined };
  const hash = sha256B64(serializeBallot(unsigned));
  const proof = proveSchnorr(credentialSecret(credential, uuid), (x) => `sig|${hash}|${x}`);
  return serializeBallot({ ...unsigned, signature: { hash, proof } });
}

describe('agreement with belenios-tool 2.0', () => {
  it('our checks accept the ballots belenios-tool makes', () => {
    for (const plaintext of [
      [0, 0, 1, 0, 0, 0, 0],
      [1, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 1],
    ]) {
      const text = toolBallot(credentials[0]!, plaintext);
      const parsed = parseBallot(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(checkBallot(ctx, parsed.ballot)).toBeUndefined();
    }
  });

  it('belenios-tool accepts the ballots we make', () => {
    const ours = [
      serializeBallot(
        buildBallot(ctx, credentialSecret(credentials[1]!, uuid), [[0, 1, 0, 0, 0, 0, 0]]),
      ),
      serializeBallot(
        buildBallot(ctx, credentialSecret(credentials[2]!, uuid), [[1, 0, 0, 0, 0, 0, 0]]),
      ),
    ];
    expect(beleniosAccepts(uuid, ours)).toBe(true);
  });

  it('both refuse a ballot whose proof its own voter altered and signed again', () => {
    const mine = serializeBallot(
      buildBallot(ctx, credentialSecret(credentials[1]!, uuid), [[0, 0, 0, 1, 0, 0, 0]]),
    );
    const theirs = toolBallot(credentials[0]!, [0, 1, 0, 0, 0, 0, 0]);
    for (const [text, credential] of [
      [mine, credentials[1]!],
      [theirs, credentials[0]!],
    ] as const) {
      const bad = alteredAndResigned(text, credential);
      const parsed = parseBallot(bad);
      expect(parsed.ok && checkBallot(ctx, parsed.ballot)).toBe('bad-proof');
      expect(beleniosAccepts(uuid, [bad])).toBe(false);
    }
  });

  it('both refuse a ballot signed with a credential that is not on the list', () => {
    const stranger = serializeBallot(
      buildBallot(ctx, credentialSecret('oGD-tE3-8bZ-kAn-y8d', uuid), [[0, 1, 0, 0, 0, 0, 0]]),
    );
    const parsed = parseBallot(stranger);
    // Our ballot check passes (the list is the ballot box's check); belenios-tool's verify refuses.
    expect(parsed.ok && checkBallot(ctx, parsed.ballot)).toBeUndefined();
    expect(beleniosAccepts(uuid, [stranger])).toBe(false);
  });
});

describe('an election run by belenios-tool alone (server key + 2 of 3 trustees)', () => {
  it('passes our verifier, and our writer re-creates its record byte for byte', () => {
    const d = fs.mkdtempSync(path.join(dir, 'full-'));
    const run = (args: string[], input?: string) =>
      execFileSync('belenios-tool', args, {
        cwd: d,
        input,
        encoding: 'utf8',
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    const id = run(['setup', 'generate-token']).trim();
    const group = ['--group', 'BELENIOS-2048'];
    const announced = run([
      'setup',
      'generate-credentials',
      '--uuid',
      id,
      ...group,
      '--count',
      '4',
    ]);
    const files = () => fs.readdirSync(d);
    fs.renameSync(
      path.join(
        d,
        files().find((f) => f.endsWith('.pubcreds'))!,
      ),
      path.join(d, 'public_creds.json'),
    );
    const privcreds = files().find((f) => f.endsWith('.privcreds'))!;
    const creds = fs
      .readFileSync(path.join(d, privcreds), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' ')[1]!);
    const tk = (args: string[], input?: string) =>
      run(['setup', 'generate-trustee-key-threshold', ...group, ...args], input);
    for (let i = 0; i < 3; i++) tk(['--step', '1']);
    fs.writeFileSync(
      path.join(d, 'certs.jsons'),
      files()
        .filter((f) => f.endsWith('.cert'))
        .map((f) => fs.readFileSync(path.join(d, f), 'utf8'))
        .join(''),
    );
    tk(['--certs', 'certs.jsons', '--step', '2']);
    const keyFiles = files().filter((f) => f.endsWith('.key'));
    fs.writeFileSync(
      path.join(d, 'polynomials.jsons'),
      keyFiles
        .map((k) => tk(['--certs', 'certs.jsons', '--key', k, '--step', '3', '--threshold', '2']))
        .join(''),
    );
    tk(['--certs', 'certs.jsons', '--step', '4', '--polynomials', 'polynomials.jsons']);
    const voutputs = keyFiles.map((k) =>
      tk(
        ['--certs', 'certs.jsons', '--key', k, '--step', '5'],
        fs.readFileSync(path.join(d, k.replace('.key', '.vinput')), 'utf8'),
      ),
    );
    fs.writeFileSync(
      path.join(d, 'threshold.json'),
      tk(
        ['--certs', 'certs.jsons', '--step', '6', '--polynomials', 'polynomials.jsons'],
        voutputs.join(''),
      ),
    );
    run(['setup', 'generate-trustee-key', ...group]);
    const privkey = files().find((f) => f.endsWith('.privkey'))!;
    fs.copyFileSync(
      path.join(
        d,
        files().find((f) => f.endsWith('.pubkey'))!,
      ),
      path.join(d, 'public_keys.jsons'),
    );
    run(['setup', 'make-trustees']);
    fs.rmSync(path.join(d, 'threshold.json'));
    fs.writeFileSync(
      path.join(d, 'template.json'),
      JSON.stringify({
        description: 'Pemira',
        name: 'Pemira',
        questions: [
          {
            answers: ['Paslon 1', 'Paslon 2', 'Kotak Kosong'],
            blank: true,
            min: 1,
            max: 1,
            question: 'Ketua',
          },
        ],
      }),
    );
    run(['setup', 'make-election', '--uuid', id, ...group, '--template', 'template.json']);
    run(['archive', 'init']);
    const votes = [
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [1, 0, 0, 0],
      [0, 1, 0, 0],
    ];
    creds.forEach((c, i) => {
      fs.writeFileSync(path.join(d, 'cred'), c);
      fs.writeFileSync(path.join(d, 'vote.json'), JSON.stringify([votes[i]]));
      const ballot = run([
        'election',
        'generate-ballot',
        '--privcred',
        'cred',
        '--ballot',
        'vote.json',
      ]);
      run(['archive', 'add-event', '--type=Ballot'], ballot);
    });
    run(['archive', 'add-event', '--type=EndBallots'], '');
    run(
      ['archive', 'add-event', '--type=EncryptedTally'],
      run(['election', 'compute-encrypted-tally']),
    );
    // Trustees 1 and 3 of the group (owners 2 and 4) and the server key (owner 1).
    for (const [k, owner] of [
      [keyFiles[0]!, 2],
      [keyFiles[2]!, 4],
    ] as const) {
      const pd = run([
        'election',
        'decrypt-threshold',
        '--key',
        k,
        '--decryption-key',
        k.replace('.key', '.dkey'),
        '--trustee-id',
        String(owner),
      ]);
      run(['archive', 'add-event', '--type=PartialDecryption'], pd);
    }
    run(
      ['archive', 'add-event', '--type=PartialDecryption'],
      run(['election', 'decrypt', '--privkey', privkey, '--trustee-id', '1']),
    );
    run(['archive', 'add-event', '--type=Result'], run(['election', 'compute-result']));
    run(['election', 'verify']);

    const bytes = new Uint8Array(fs.readFileSync(path.join(d, `${id}.bel`)));
    const fingerprint = /fingerprint of public credentials is (\S+)/.exec(announced)![1]!;
    const report = verifyRecord(bytes, { credentials: { count: 4, fingerprint } });
    expect(report.failure).toBeUndefined();
    expect(report.ok).toBe(true);
    expect(report.result).toEqual([[1, 2, 1, 0]]);

    // Rebuilt from its events alone (each event with the data written before it).
    const parsed = readRecord(bytes);
    const writer = new RecordWriter(parsed.timestamp);
    let items: string[] = [];
    for (const e of parsed.entries) {
      if (e.kind === 'data') items.push(e.text);
      else {
        const hashes = items.map((t) => writer.addData(t));
        writer.addEvent(e.event.type, hashes.at(-1));
        items = [];
      }
    }
    expect(Buffer.compare(Buffer.from(writer.toArchive()), Buffer.from(bytes))).toBe(0);
  });
});
