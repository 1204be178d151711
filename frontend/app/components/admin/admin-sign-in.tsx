// SPEC §2: for anyone without the admin session, an 'Access denied' sign-in form (email and password), its errors
// inline under the form. A plain POST form: it works without JavaScript; with it, the same schema checks first.
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ADMIN_MESSAGES } from '@colouring/domain';
import { FormError } from '~/components/ui/error-list';
import { Field } from '~/components/ui/field';
import { Button } from '~/components/ui/button';
import { ADMIN_SIGN_IN_CONSTRAINTS, AdminSignInSchema } from '~/forms/admin';
import type { action } from '~/routes/admin';

export function AdminSignIn() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const signingIn = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'sign-out';
  const [form, fields] = useForm({
    id: 'admin-sign-in',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    constraint: ADMIN_SIGN_IN_CONSTRAINTS,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminSignInSchema }),
  });
  return (
    <div className="container page narrow admin-sign-in">
      <header className="page-header">
        <h1>{ADMIN_MESSAGES.accessDenied}</h1>
        <p className="lead">This area is for the shop’s owner. Sign in to continue.</p>
      </header>
      <Form method="post" action="/admin" {...getFormProps(form)} className="form-card">
        <input type="hidden" name="intent" value="sign-in" />
        <Field id="email" label="Email" errors={fields.email.errors}>
          {(control) => (
            <input
              {...getInputProps(fields.email, { type: 'email', ariaAttributes: false })}
              {...control}
              autoComplete="username"
              inputMode="email"
            />
          )}
        </Field>
        <Field id="password" label="Password" errors={fields.password.errors}>
          {(control) => (
            <input
              {...getInputProps(fields.password, { type: 'password', ariaAttributes: false })}
              {...control}
              autoComplete="current-password"
            />
          )}
        </Field>
        <Button size="large" disabled={signingIn}>
          {signingIn ? 'Signing in…' : 'Sign in'}
        </Button>
        <FormError errors={form.errors} className="form-error admin-sign-in__error" />
      </Form>
    </div>
  );
}
