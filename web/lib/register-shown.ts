import {
  useForm,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';

type Form<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'getValues'>;

/**
 * `register`, plus the value the field holds now as the control's default: react-hook-form fills
 * registered fields from the browser, so a form the server renders (a profile, the election's
 * settings) would otherwise arrive with empty fields until the app takes the page over.
 * A text field gets `defaultValue`, a single checkbox `defaultChecked`.
 */
export function registerShown<T extends FieldValues>(form: Form<T>) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
    const field = form.register(name, options);
    const value: unknown = form.getValues(name);
    if (typeof value === 'boolean') return { ...field, defaultChecked: value };
    if (typeof value === 'string' || typeof value === 'number')
      return { ...field, defaultValue: value };
    return field;
  };
}

/** One checkbox of a group whose field is the list of checked values. */
export function registerChoice<T extends FieldValues>(form: Form<T>) {
  return <N extends FieldPath<T>>(name: N, choice: string) => {
    const value: unknown = form.getValues(name);
    return {
      ...form.register(name),
      value: choice,
      defaultChecked: Array.isArray(value) && value.includes(choice),
    };
  };
}

/**
 * `useForm` whose `register` gives each field the value it holds as its default (registerShown),
 * and `choice` for a checkbox of a list (registerChoice): for forms the server renders filled in.
 */
export function useShownForm<
  TFieldValues extends FieldValues,
  TContext = unknown,
  TTransformed = TFieldValues,
>(props: UseFormProps<TFieldValues, TContext, TTransformed>) {
  const form = useForm<TFieldValues, TContext, TTransformed>(props);
  return { ...form, register: registerShown(form), choice: registerChoice(form) };
}
