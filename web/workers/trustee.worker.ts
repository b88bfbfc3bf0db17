// A trustee's cryptography, off the main thread: the key ceremony's three steps, the key check and
// the decryption. The trustee's secrets — the seed, the polynomial, the shares received, the
// private key — exist only in here; the page receives public messages (certificate, polynomial
// with its shares encrypted to their recipients, voutput, proofs, partial decryption) and the
// key file sealed under the trustee's passphrase.
import {
  certFor,
  isSeed,
  makePolynomial,
  makeVoutput,
  newSeed,
  proveKeyCheck,
  readSignedMessage,
  readVinput,
  readVoutput,
  recoverShare,
  seedKeys,
  serializePolynomial,
  serializeSignedMessage,
  serializeVoutput,
} from '../../shared/crypto/ceremony.ts';
import { G } from '../../shared/crypto/keys.ts';
import { KEY_FILE_PROBLEMS, openKeyFile, sealKeyFile } from '../../shared/crypto/key-file.ts';
import { decryptTally, tallyToDecrypt } from '../../shared/crypto/trustee-decryption.ts';

/** Where the trustee's private key comes from: their key file, or the seed on the paper backup. */
export type KeySource =
  { kind: 'file'; keyFile: string; passphrase: string } | { kind: 'paper'; seed: string };

export type TrusteeRequest = { id: number } & (
  | { type: 'begin'; uuid: string; passphrase: string }
  | {
      type: 'polynomial';
      passphrase: string;
      sealedSeed: string;
      certs: string[];
      threshold: number;
    }
  | {
      type: 'voutput';
      passphrase: string;
      sealedSeed: string;
      certs: string[];
      vinput: string;
      uuid: string;
    }
  | {
      /** The key file again (a reload lost it), from the kept seed and the voutput on record. */
      type: 'rebuild';
      passphrase: string;
      sealedSeed: string;
      uuid: string;
      publicKey: string;
      voutput: string;
    }
  | {
      type: 'keycheck';
      source: KeySource;
      uuid: string;
      /** The trustee's verification key on record and their voutput (for the paper backup). */
      publicKey: string;
      voutput: string;
      nonce: string;
    }
  | {
      type: 'decrypt';
      source: KeySource;
      uuid: string;
      /** The trustee's place in the Pedersen group (1-based) and verification key. */
      position: number;
      publicKey: string;
      voutput: string;
      record: ArrayBuffer;
    }
);

export type TrusteeReply = { id: number } & (
  | { progress: string }
  | { error: string }
  | { cert: string; sealedSeed: string }
  | { polynomial: string }
  | { voutput: string; keyFile: string; seed: string; publicKey: string }
  | { proof: { challenge: string; response: string } }
  | { partialDecryption: string; ballots: number }
);

const scope = globalThis as unknown as {
  addEventListener: (type: 'message', fn: (e: MessageEvent<TrusteeRequest>) => void) => void;
  postMessage: (message: TrusteeReply) => void;
};

class Refusal extends Error {}

/** The seed kept between the ceremony's steps, sealed under the trustee's passphrase. */
async function openSeed(sealed: string, passphrase: string, uuid?: string): Promise<string> {
  const opened = await openKeyFile(sealed, passphrase);
  if (!opened.ok) throw new Refusal(KEY_FILE_PROBLEMS[opened.reason]);
  if (uuid !== undefined && opened.election !== uuid)
    throw new Refusal('Kunci tersimpan ini untuk pemilihan lain.');
  const { seed } = JSON.parse(opened.secret) as { seed: string };
  return seed;
}

/** The trustee's private key S_j, from their key file or paper backup, checked against the record. */
async function shareFrom(
  source: KeySource,
  uuid: string,
  publicKey: string,
  voutput: string,
): Promise<bigint> {
  let share: bigint | undefined;
  if (source.kind === 'file') {
    const opened = await openKeyFile(source.keyFile, source.passphrase);
    if (!opened.ok) throw new Refusal(KEY_FILE_PROBLEMS[opened.reason]);
    if (opened.election !== uuid)
      throw new Refusal('Berkas kunci ini untuk pemilihan lain, bukan pemilihan ini.');
    if (opened.publicKey !== publicKey)
      throw new Refusal(
        'Berkas kunci ini milik wali kunci lain atau dari upacara kunci sebelumnya.',
      );
    share = BigInt((JSON.parse(opened.secret) as { share: string }).share);
  } else {
    const seed = source.seed.replace(/[\s-]/g, '');
    if (!isSeed(seed))
      throw new Refusal('Kode cadangan terdiri atas 22 huruf dan angka seperti tercetak.');
    const vo = readVoutput(voutput);
    share = vo && recoverShare(seed, vo.privateKey);
    if (share === undefined)
      throw new Refusal('Kode cadangan ini tidak membuka kunci Anda pada pemilihan ini.');
  }
  if (G().pow(share) !== BigInt(publicKey))
    throw new Refusal('Kunci ini tidak cocok dengan kunci verifikasi Anda yang tercatat.');
  return share;
}

async function handle(
  request: TrusteeRequest,
  progress: (text: string) => void,
): Promise<Omit<TrusteeReply, 'id'>> {
  switch (request.type) {
    case 'begin': {
      progress('Membuat kunci Anda...');
      const seed = newSeed();
      const cert = certFor(seed);
      progress('Mengunci kunci sementara dengan kata sandi Anda...');
      const sealedSeed = await sealKeyFile(
        { election: request.uuid, publicKey: String(seedKeys(seed).verification) },
        JSON.stringify({ seed }),
        request.passphrase,
      );
      return { cert: serializeSignedMessage(cert), sealedSeed };
    }
    case 'polynomial': {
      progress('Membuka kunci sementara...');
      const seed = await openSeed(request.sealedSeed, request.passphrase);
      progress('Membuat dan mengenkripsi bagian kunci untuk setiap wali kunci...');
      const certs = request.certs.map((c) => readSignedMessage(c)!);
      return {
        polynomial: serializePolynomial(makePolynomial(seed, certs, request.threshold)),
      };
    }
    case 'voutput': {
      progress('Membuka kunci sementara...');
      const seed = await openSeed(request.sealedSeed, request.passphrase, request.uuid);
      progress('Memeriksa bagian kunci dari setiap wali kunci...');
      const vinput = readVinput(request.vinput);
      if (!vinput) throw new Refusal('Data dari server tidak terbaca.');
      const made = makeVoutput(
        seed,
        request.certs.map((c) => readSignedMessage(c)!),
        vinput,
      );
      if ('problem' in made) throw new Refusal(made.problem);
      progress('Membuat berkas kunci Anda...');
      const publicKey = String(made.voutput.publicKey.publicKey);
      const keyFile = await sealKeyFile(
        { election: request.uuid, publicKey },
        JSON.stringify({ seed, share: String(made.share) }),
        request.passphrase,
      );
      return { voutput: serializeVoutput(made.voutput), keyFile, seed, publicKey };
    }
    case 'rebuild': {
      progress('Membuka kunci sementara...');
      const seed = await openSeed(request.sealedSeed, request.passphrase, request.uuid);
      const share = await shareFrom(
        { kind: 'paper', seed },
        request.uuid,
        request.publicKey,
        request.voutput,
      );
      progress('Membuat berkas kunci Anda...');
      const keyFile = await sealKeyFile(
        { election: request.uuid, publicKey: request.publicKey },
        JSON.stringify({ seed, share: String(share) }),
        request.passphrase,
      );
      return { voutput: request.voutput, keyFile, seed, publicKey: request.publicKey };
    }
    case 'keycheck': {
      progress('Membuka berkas kunci...');
      const share = await shareFrom(
        request.source,
        request.uuid,
        request.publicKey,
        request.voutput,
      );
      const proof = proveKeyCheck(request.uuid, request.nonce, share);
      return {
        proof: { challenge: String(proof.challenge), response: String(proof.response) },
      };
    }
    case 'decrypt': {
      progress('Membuka berkas kunci...');
      const share = await shareFrom(
        request.source,
        request.uuid,
        request.publicKey,
        request.voutput,
      );
      progress('Memeriksa kunci Anda dan setiap surat suara dalam rekaman publik...');
      let shown = 0;
      const tally = tallyToDecrypt(
        new Uint8Array(request.record),
        { position: request.position, publicKey: BigInt(request.publicKey) },
        (done, total) => {
          // A few dozen updates, not one per ballot.
          if (done === total || done - shown >= Math.max(1, Math.floor(total / 40))) {
            shown = done;
            progress(`Memeriksa surat suara ${done} dari ${total}...`);
          }
        },
      );
      if ('problem' in tally) throw new Refusal(tally.problem);
      if (tally.uuid !== request.uuid)
        throw new Refusal('Rekaman yang diunduh bukan rekaman pemilihan ini.');
      progress(`Mendekripsi tally dari ${tally.ballots} surat suara...`);
      return { partialDecryption: decryptTally(tally, share), ballots: tally.ballots };
    }
  }
}

scope.addEventListener('message', (e) => {
  const request = e.data;
  const progress = (text: string) => scope.postMessage({ id: request.id, progress: text });
  handle(request, progress).then(
    (reply) => scope.postMessage({ id: request.id, ...reply } as TrusteeReply),
    (err: unknown) => {
      // A refusal is already a sentence for the trustee; anything else is told in words, its
      // detail left to the console.
      if (!(err instanceof Refusal)) console.error('trustee task failed', err);
      scope.postMessage({
        id: request.id,
        error:
          err instanceof Refusal
            ? err.message
            : 'Terjadi kesalahan di peramban saat menghitung. Muat ulang halaman lalu coba lagi.',
      });
    },
  );
});
