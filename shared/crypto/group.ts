/**
 * The group BELENIOS-2048 (Belenios specification 2.0, §5.1): the order-q subgroup of (Z/pZ)*,
 * with a 2048-bit p and a 256-bit q. Every group element and exponent is a bigint; exponents
 * live in Z_q. Modular exponentiation is pluggable so that Node can use OpenSSL (much faster
 * than BigInt) while browsers use the BigInt code below.
 */

/** The name the election record gives this group. */
export const GROUP_NAME = 'BELENIOS-2048';

export const p =
  20694785691422546401013643657505008064922989295751104097100884787057374219242717401922237254497684338129066633138078958404960054389636289796393038773905722803605973749427671376777618898589872735865049081167099310535867780980030790491654063777173764198678527273474476341835600035698305193144284561701911000786737307333564123971732897913240474578834468260652327974647951137672658693582180046317922073668860052627186363386088796882120769432366149491002923444346373222145884100586421050242120365433561201320481118852408731077014151666200162313177169372189248078507711827842317498073276598828825169183103125680162072880719n;
export const g =
  2402352677501852209227687703532399932712287657378364916510075318787663274146353219320285676155269678799694668298749389095083896573425601900601068477164491735474137283104610458681314511781646755400527402889846139864532661215055797097162016168270312886432456663834863635782106154918419982534315189740658186868651151358576410138882215396016043228843603930989333662772848406593138406010231675095763777982665103606822406635076697764025346253773085133173495194248967754052573659049492477631475991575198775177711481490920456600205478127054728238140972518639858334115700568353695553423781475582491896050296680037745308460627n;
export const q = 78571733251071885079927659812671450121821421258408794611510081919805623223441n;

/** Computes base^exponent mod p. */
export type ModPow = (base: bigint, exponent: bigint) => bigint;

const WINDOW = 5;

/**
 * Sliding-window exponentiation on BigInt, the portable engine: b, b^3, …, b^31 computed once,
 * then one squaring per exponent bit and one multiplication per window of up to five bits (about
 * 300 multiplications for a 256-bit exponent, against 384 for square-and-multiply).
 */
export const bigintModPow: ModPow = (base, exponent) => {
  if (exponent < 0n) throw new RangeError('negative exponent');
  if (exponent === 0n) return 1n;
  const b = base % p;
  const b2 = (b * b) % p;
  const odd = [b]; // odd[i] = b^(2i+1)
  for (let i = 1; i < 1 << (WINDOW - 1); i++) odd.push((odd[i - 1]! * b2) % p);
  const bits = exponent.toString(2);
  let result = 1n;
  let i = 0;
  while (i < bits.length) {
    if (bits[i] === '0') {
      result = (result * result) % p;
      i++;
      continue;
    }
    // The longest window of at most WINDOW bits starting here that ends in a 1.
    let end = Math.min(i + WINDOW, bits.length);
    while (bits[end - 1] === '0') end--;
    for (let k = i; k < end; k++) result = (result * result) % p;
    result = (result * odd[(parseInt(bits.slice(i, end), 2) - 1) >> 1]!) % p;
    i = end;
  }
  return result;
};

let engine: ModPow = bigintModPow;

/** Replaces the exponentiation engine (the server installs OpenSSL's); returns the previous one. */
export function setModPow(next: ModPow): ModPow {
  const previous = engine;
  engine = next;
  return previous;
}

/** base^exponent mod p through the installed engine. */
export function pow(base: bigint, exponent: bigint): bigint {
  return engine(base, exponent);
}

/** a·b mod p. */
export function mul(a: bigint, b: bigint): bigint {
  return (a * b) % p;
}

/** The inverse of a non-zero element mod p (a^(p−2), Fermat). */
export function inv(a: bigint): bigint {
  return bigintModPowFull(a, p - 2n);
}

/** a/b mod p. */
export function div(a: bigint, b: bigint): bigint {
  return mul(a, inv(b));
}

/** Exponentiation with an exponent of any size (the engine may assume exponents below q). */
function bigintModPowFull(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % p;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % p;
    e >>= 1n;
    if (e > 0n) b = (b * b) % p;
  }
  return result;
}

/** x mod q, always in [0, q). */
export function modQ(x: bigint): bigint {
  const r = x % q;
  return r < 0n ? r + q : r;
}

/**
 * Whether x is an element of the order-q subgroup: 0 < x < p and x^q = 1 (mod p), tested as
 * x^(q−1)·x = 1 so that the exponentiation's result is not the degenerate 1 that OpenSSL refuses.
 */
export function isMember(x: bigint): boolean {
  return x > 0n && x < p && mul(pow(x, q - 1n), x) === 1n;
}

/** Whether x is a valid exponent, challenge or response: 0 ≤ x < q. */
export function isExponent(x: bigint): boolean {
  return x >= 0n && x < q;
}
