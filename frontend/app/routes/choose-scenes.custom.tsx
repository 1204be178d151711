// The custom scene form as a page of its own: how it works without JavaScript (add, and edit with ?edit=<id>).
// 'Check my scene' and 'Random Ideas' post here and come back with the score; 'Add scene' saves and returns to the picker.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { customSceneSaveFailed } from '@colouring/domain';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { useHydrated } from '~/components/flow/use-hydrated';
import { CustomSceneFields } from '~/components/scenes/custom-scene-fields';
import { alignDraft, draftFor, withRandomIdea, type CustomSceneDraft } from '~/components/scenes/custom-scene-form';
import { saveCustomScene } from '~/components/scenes/custom-scene.server';
import { CustomSceneSchema, readCustomSceneDraft } from '~/forms/custom-scene';
import { api, isSessionGone } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta } from '~/utils/meta';
import { forgetMagicCode, requireMagicCode } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';

const BACK_TO_PICKER = '/choose-scenes#custom-scenes';

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.draft.id ? 'Edit your custom scene' : 'Create a custom scene',
    description: 'Describe a colouring page scene of your own, with a guided builder or in your own words.',
    noIndex: true,
  });

async function toCreate(): Promise<Response> {
  return redirect('/create', { headers: { 'Set-Cookie': await forgetMagicCode() } });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const editId = new URL(request.url).searchParams.get('edit');
  if (!editId) return data({ draft: draftFor() }, { headers: cacheControl(CACHE_NEVER) });
  try {
    const scene = (await api(request, context).listCustomScenes(magicCode)).find((s) => s.id === editId);
    if (!scene) {
      throw await redirectWithToast('/choose-scenes#custom-scenes', { type: 'error', description: customSceneSaveFailed('not found') });
    }
    return data({ draft: draftFor(scene) }, { headers: cacheControl(CACHE_NEVER) });
  } catch (error) {
    if (isSessionGone(error)) throw await toCreate();
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const draft = readCustomSceneDraft(form);
  const answer = (next: CustomSceneDraft, result?: SubmissionResult<string[]>, status = 200) =>
    data({ draft: next, result }, { status, headers: cacheControl(CACHE_NEVER) });

  if (intent === 'random') return answer(withRandomIdea(draft));
  if (intent !== 'save') return answer(alignDraft(draft));

  try {
    const saved = await saveCustomScene(api(request, context), magicCode, form);
    if (!saved.ok) return answer(alignDraft(draft), saved.result, saved.status);
    return redirectWithToast(
      BACK_TO_PICKER,
      { type: 'success', description: saved.created ? 'Scene added and selected.' : 'Scene updated.' },
      { status: 303 },
    );
  } catch (error) {
    if (isSessionGone(error)) throw await toCreate();
    throw error;
  }
}

export default function CustomScenePage() {
  const { draft: loadedDraft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const draft = actionData?.draft ?? loadedDraft;
  const [form, fields] = useForm({
    id: 'custom-scene',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CustomSceneSchema }),
  });
  const editing = Boolean(draft.id);
  const heading = editing ? 'Edit your custom scene' : 'Create a custom scene';
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Choose scenes', path: '/choose-scenes' },
    { name: heading, path: '/choose-scenes/custom' },
  ];

  return (
    <div className="container page narrow custom-scene-page">
      <Breadcrumbs crumbs={crumbs} />
      <header className="page-header">
        <h1>{heading}</h1>
        <p className="lead">
          Describe a scene with your child in it. Use the guided builder to pick an activity, a place, a friend and a thing, or write it in
          your own words.
        </p>
      </header>
      <Form
        method="post"
        {...getFormProps(form)}
        className="form-card custom-scene-form"
        action={`/choose-scenes/custom${editing ? `?edit=${encodeURIComponent(draft.id)}` : ''}`}
      >
        <CustomSceneFields
          // Each answer from the server is a new starting point (a random idea, a checked text).
          key={JSON.stringify(draft)}
          initial={draft}
          errors={{ title: fields.title.errors?.[0], userPrompt: fields.userPrompt.errors?.[0], form: form.errors?.[0] }}
          hydrated={hydrated}
          saveIntent="save"
          busy={navigation.state === 'submitting'}
          idPrefix="page"
          cancelHref={BACK_TO_PICKER}
        />
      </Form>
    </div>
  );
}
