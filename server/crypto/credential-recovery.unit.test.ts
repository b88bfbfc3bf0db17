import { describe, expect, it } from 'vitest';
import { generateCredential } from '../../shared/crypto/credentials.ts';
import { generateRecoveryCode } from '../../shared/crypto/recovery-code.ts';
import { openSealedCredential, sealCredentials } from './credential-recovery.ts';

describe('sealed credentials (recovery)', () => {
  const code = generateRecoveryCode();
  const uuid = 'T8xPaSp7nMXqbD';
  const voters = [
    { nim: '021900001', credential: generateCredential() },
    { nim: '021900002', credential: generateCredential() },
  ];
  const sealed = sealCredentials(code, uuid, voters);

  it('opens with the code, for the voter it was sealed for', () => {
    expect(openSealedCredential(code, uuid, voters[0]!.nim, sealed[0]!)).toBe(
      voters[0]!.credential,
    );
    expect(openSealedCredential(code, uuid, voters[1]!.nim, sealed[1]!)).toBe(
      voters[1]!.credential,
    );
    // Each seal has its own nonce: the same credential never seals to the same bytes.
    expect(sealCredentials(code, uuid, [voters[0]!])[0]).not.toBe(sealed[0]);
  });

  it('opens with nothing else: another code, election or voter, or a changed byte', () => {
    expect(openSealedCredential(generateRecoveryCode(), uuid, voters[0]!.nim, sealed[0]!)).toBe(
      undefined,
    );
    expect(openSealedCredential(code, 'OtherUuid12345', voters[0]!.nim, sealed[0]!)).toBe(
      undefined,
    );
    // Voter 1's sealed copy given out as voter 2's.
    expect(openSealedCredential(code, uuid, voters[1]!.nim, sealed[0]!)).toBeUndefined();
    const bytes = Buffer.from(sealed[0]!, 'base64');
    for (const at of [0, 12, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 1;
      expect(
        openSealedCredential(code, uuid, voters[0]!.nim, changed.toString('base64')),
      ).toBeUndefined();
    }
    expect(openSealedCredential(code, uuid, voters[0]!.nim, 'AAAA')).toBeUndefined();
  });
});
