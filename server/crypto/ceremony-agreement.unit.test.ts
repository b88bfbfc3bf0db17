// Agreement with belenios-tool 2.0 on the key ceremony (§4.6): a 2-of-3 Pedersen ceremony in which
// trustees 1 and 3 are ours and trustee 2 is belenios-tool. Each side opens the other's channel
// messages (AES-CCM), checks the other's polynomials and voutputs, and the tool's step 6 accepts
// the whole ceremony. A share altered in transit is refused by the tool as by us.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  certFor,
  checkCert,
  checkPolynomial,
  checkVoutput,
  makePolynomial,
  makeVoutput,
  newSeed,
  readPolynomial,
  readSignedMessage,
  readVinput,
  readVoutput,
  recoverShare,
  routeVinputs,
  serializeSignedMessage,
  serializePolynomial,
  serializeVinput,
  serializeVoutput,
  thresholdParameters,
} from '../../shared/crypto/ceremony.ts';
import { checkThresholdParameters, serializeTrustees } from '../../shared/crypto/trustees.ts';
import { readTrustees } from '../../shared/crypto/record/items.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'belenios-ceremony-'));
const tk = (args: string[], input?: string) =>
  execFileSync(
    'belenios-tool',
    ['setup', 'generate-trustee-key-threshold', '--group', 'BELENIOS-2048', ...args],
    { cwd: dir, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] },
  );
const write = (name: string, lines: string[]) =>
  fs.writeFileSync(path.join(dir, name), lines.map((l) => l + '\n').join(''));

describe('a key ceremony shared with belenios-tool', () => {
  it('interoperates at every step, and both refuse an altered share', () => {
    tk(['--step', '1']);
    const toolKey = fs.readdirSync(dir).find((f) => f.endsWith('.key'))!;
    const toolCert = fs.readFileSync(path.join(dir, toolKey.replace('.key', '.cert')), 'utf8');
    const ours = [newSeed(), newSeed()];
    const certs = [certFor(ours[0]!), readSignedMessage(toolCert.trim())!, certFor(ours[1]!)];
    certs.forEach((c) => expect(checkCert(c)).toBeDefined());
    write('certs.jsons', certs.map(serializeSignedMessage));
    tk(['--certs', 'certs.jsons', '--step', '2']); // throws unless the tool accepts every cert

    const toolPolynomial = tk([
      '--certs',
      'certs.jsons',
      '--key',
      toolKey,
      '--step',
      '3',
      '--threshold',
      '2',
    ]);
    const polynomials = [
      makePolynomial(ours[0]!, certs, 2),
      readPolynomial(toolPolynomial.trim())!,
      makePolynomial(ours[1]!, certs, 2),
    ];
    const lists = polynomials.map((p, i) => checkPolynomial(certs, i, 2, p));
    lists.forEach((l) => expect(l).toHaveLength(2));
    write('polynomials.jsons', polynomials.map(serializePolynomial));

    // The tool's routing equals ours.
    tk(['--certs', 'certs.jsons', '--step', '4', '--polynomials', 'polynomials.jsons']);
    const vinputs = routeVinputs(polynomials);
    const toolVinput = fs.readFileSync(path.join(dir, toolKey.replace('.key', '.vinput')), 'utf8');
    expect(readVinput(toolVinput.trim())).toEqual(vinputs[1]);

    // The tool opens the shares we encrypted to it; we open those it encrypted to us.
    const toolVoutput = readVoutput(
      tk(
        ['--certs', 'certs.jsons', '--key', toolKey, '--step', '5'],
        serializeVinput(vinputs[1]!) + '\n',
      ).trim(),
    )!;
    const outs = [0, 2].map((j, k) => {
      const out = makeVoutput(ours[k]!, certs, vinputs[j]!);
      if ('problem' in out) throw new Error(out.problem);
      return out;
    });
    const voutputs = [outs[0]!.voutput, toolVoutput, outs[1]!.voutput];
    voutputs.forEach((v, j) => expect(checkVoutput(lists as bigint[][], j + 1, v)).toBe(true));
    const seed = fs.readFileSync(path.join(dir, toolKey), 'utf8').trim();
    expect(recoverShare(seed, toolVoutput.privateKey)).toBeDefined();

    const toolParams = tk(
      ['--certs', 'certs.jsons', '--step', '6', '--polynomials', 'polynomials.jsons'],
      voutputs.map((v) => serializeVoutput(v) + '\n').join(''),
    );
    const [item] = readTrustees(`[["Pedersen",${toolParams.trim()}]]`);
    const params = thresholdParameters(2, certs, polynomials, voutputs);
    expect(serializeTrustees([item!])).toBe(serializeTrustees([{ kind: 'Pedersen', params }]));
    expect(checkThresholdParameters(params)).toHaveProperty('subKey');

    // A share for the tool replaced by one for another polynomial, under our valid channel.
    const bad = routeVinputs([
      polynomials[0]!,
      polynomials[1]!,
      { ...polynomials[2]!, secrets: makePolynomial(ours[1]!, certs, 2).secrets },
    ]);
    const refused = spawnSync(
      'belenios-tool',
      [
        'setup',
        'generate-trustee-key-threshold',
        '--group',
        'BELENIOS-2048',
        '--certs',
        'certs.jsons',
        '--key',
        toolKey,
        '--step',
        '5',
      ],
      { cwd: dir, input: serializeVinput(bad[1]!) + '\n', encoding: 'utf8' },
    );
    expect(refused.status).not.toBe(0);
    expect(makeVoutput(ours[0]!, certs, bad[0]!)).toEqual({
      problem: 'Bagian kunci dari wali kunci 3 tidak sah.',
    });
  });
});
