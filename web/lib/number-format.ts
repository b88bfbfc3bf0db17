/**
 * An id-ID number format made on its first use, not when its module loads: a page's first Intl
 * object initialises the browser's locale data on the main thread (see shared/wib.ts), a cost
 * only the pages that show such numbers should pay, and only once they do.
 */
export function idNumberFormat(options?: Intl.NumberFormatOptions): { format(n: number): string } {
  let made: Intl.NumberFormat | undefined;
  return { format: (n) => (made ??= new Intl.NumberFormat('id-ID', options)).format(n) };
}

const pct = idNumberFormat({ maximumFractionDigits: 1 });

/** 66.666… -> "66,7%" (Indonesian decimal comma). */
export const formatPercent = (value: number) => `${pct.format(value)}%`;
