import { describe, expect, it } from 'vitest';
import { generateCredential } from '../../shared/crypto/credentials.ts';
import { generateRecoveryCode, recoveryKeyFor } from '../../shared/crypto/recovery-code.ts';
import { openSealedCredential, sealCredentials } from './credential-recovery.ts';

describe('sealed credentials (recovery)', () => {
  const code = generateRecoveryCode();
  const uuid = 'T8xPaSp7nMXqbD';
  const voters = [
    { nim: '021900001', credential: generateCredential() },
    { nim: '021900002', credential: generateCredential() },
  ];
  const sealed = sealCredentials(code, uuid, voters);
  const keyOf = (nim: string, c = code, u = uuid) => recoveryKeyFor(c, u, nim);

  it('opens with the key derived from the code for that voter, and each key opens one', () => {
    expect(openSealedCredential(keyOf(voters[0]!.nim), uuid, voters[0]!.nim, sealed[0]!)).toBe(
      voters[0]!.credential,
    );
    expect(openSealedCredential(keyOf(voters[1]!.nim), uuid, voters[1]!.nim, sealed[1]!)).toBe(
      voters[1]!.credential,
    );
    // One voter's key does not open another's copy, even given as theirs.
    expect(
      openSealedCredential(keyOf(voters[0]!.nim), uuid, voters[1]!.nim, sealed[1]!),
    ).toBeUndefined();
    expect(keyOf(voters[0]!.nim)).not.toBe(keyOf(voters[1]!.nim));
    // Each seal has its own nonce: the same credential never seals to the same bytes.
    expect(sealCredentials(code, uuid, [voters[0]!])[0]).not.toBe(sealed[0]);
  });

  it('opens with nothing else: another code, election or voter, or a changed byte', () => {
    const nim = voters[0]!.nim;
    expect(
      openSealedCredential(keyOf(nim, generateRecoveryCode()), uuid, nim, sealed[0]!),
    ).toBeUndefined();
    expect(
      openSealedCredential(keyOf(nim, code, 'OtherUuid12345'), 'OtherUuid12345', nim, sealed[0]!),
    ).toBeUndefined();
    // Voter 1's sealed copy given out as voter 2's, with voter 2's key.
    expect(
      openSealedCredential(keyOf(voters[1]!.nim), uuid, voters[1]!.nim, sealed[0]!),
    ).toBeUndefined();
    // The code itself is not a key.
    expect(openSealedCredential(code, uuid, nim, sealed[0]!)).toBeUndefined();
    const bytes = Buffer.from(sealed[0]!, 'base64');
    for (const at of [0, 12, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 1;
      expect(
        openSealedCredential(keyOf(nim), uuid, nim, changed.toString('base64')),
      ).toBeUndefined();
    }
    expect(openSealedCredential(keyOf(nim), uuid, nim, 'AAAA')).toBeUndefined();
  });
});
