import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { signInSchema } from '../../../../shared/schemas/account.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { landingPath, type Me } from '../api/get-me.ts';
import { useSignIn } from '../api/sign-in.ts';
import { nextPath } from '../next-path.ts';
import {
  offerPasskeyAfterSignIn,
  preloadPasskeyOffer,
} from '../../../lib/passkey-offer-sign-in.ts';
import { CodeStep } from './code-step.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';

type Values = z.input<typeof signInSchema>;

/**
 * Email + password sign-in (then, for an account with an authenticator app, its code), or a
 * passkey; afterwards the person goes back to the page that sent them here, or lands where their
 * role belongs.
 */
export function LoginForm({ registerLink }: { registerLink?: { to: string; label: string } }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string>();
  const [codeStep, setCodeStep] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  // The passkey offer that may follow the sign-in loads while the person types.
  useEffect(preloadPasskeyOffer, []);

  const destination = (me: Me) => nextPath(params.get('lanjut')) ?? landingPath(me);
  const land = async (me: Me) => {
    await navigate(destination(me), { replace: true });
  };
  // A password sign-in (with its code step, if any) offers a passkey on the page it lands on.
  const landAfterPassword = async (me: Me) => {
    await offerPasskeyAfterSignIn(me.secondFactor.passkeys, destination(me));
    await land(me);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const result = await signIn.mutateAsync({
        email: values.email.trim(),
        password: values.password,
      });
      if ('me' in result) await landAfterPassword(result.me);
      else setCodeStep(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_EMAIL_OR_PASSWORD') {
        setError('password', { type: 'server', message: err.message }, { shouldFocus: true });
        return;
      }
      setFormError(err instanceof ApiError ? err.message : 'Terjadi kesalahan. Silakan coba lagi.');
    }
  });

  if (codeStep)
    return <CodeStep onSignedIn={landAfterPassword} onRestart={() => setCodeStep(false)} />;

  return (
    <>
      <form method="post" onSubmit={onSubmit} noValidate>
        {formError ? <Alert kind="error">{formError}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email webauthn"
          inputMode="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Kata Sandi"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={formState.isSubmitting}
        >
          {formState.isSubmitting ? 'Memproses...' : 'Masuk'}
        </button>
        <div className="form-links">
          <Link to={paths.lupaSandi}>Lupa kata sandi?</Link>
          {registerLink ? <Link to={registerLink.to}>{registerLink.label}</Link> : null}
        </div>
      </form>
      <PasskeySignIn onSignedIn={land} />
    </>
  );
}
