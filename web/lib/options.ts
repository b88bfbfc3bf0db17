/**
 * A <select>'s value as one of the options it offers, or '' (all / none chosen): what the DOM
 * gives is a string, what the API takes is the option's own type.
 */
export function oneOf<T extends string>(options: readonly T[], value: string): T | '' {
  return options.find((o) => o === value) ?? '';
}
