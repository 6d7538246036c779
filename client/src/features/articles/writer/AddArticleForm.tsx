import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Field } from '@/components/Field';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { ImageFileInput, wiredTo } from '@/components/ImageFileInput';
import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { isNeedPremium } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { swal } from '@/lib/swal';
import { imageFileProblem, uploadImage } from '@/lib/upload-image';
import { usePublishers } from '@/lib/api/articles';
import { usePostArticle, usePostingAllowance } from '@/lib/api/writer';
import { AutosaveStatus } from '../drafts/AutosaveStatus';
import { DraftOffer } from '../drafts/DraftOffer';
import { useNewArticleDraft } from '../drafts/useArticleDrafts';
import {
  ArticleDescriptionField,
  articleFieldsBody,
  ArticlePublisherField,
  ArticleTagsField,
  ArticleTitleField,
  articleFormSchema,
  type ArticleValues,
  type CheckedArticleValues,
} from './ArticleFields';
import { writerMessages as m } from './messages';

/** docs/product.md §2 "Add article" and §4 "Submit article flow". */
export function AddArticleForm() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const publishers = usePublishers();
  const postArticle = usePostArticle();
  const allowance = usePostingAllowance(user?.email);
  const [image, setImage] = useState<File | null>(null);
  /** 'Select an image first' is kept here; the page then shows 'Select an image' (docs/product.md §5). */
  const [imageError, setImageError] = useState('');
  /** Why the chosen image cannot be used (too large, wrong type, the upload's failure). */
  const [uploadError, setUploadError] = useState('');
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    watch,
    reset,
    formState: { errors },
  } = useForm<ArticleValues, unknown, CheckedArticleValues>({
    resolver: zodResolver(articleFormSchema),
    defaultValues: { title: '', publisher: '', formatedTags: [], description: '' },
  });

  const draft = useNewArticleDraft(user?.email, watch, (values) => reset(values as ArticleValues));

  const onSubmit = async (values: CheckedArticleValues) => {
    if (!image) {
      setImageError(m.noImageStored);
      return;
    }
    if (!user?.email) return;
    const problem = imageFileProblem(image);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setBusy(true);
    try {
      const photoURL = await uploadImage(image, { onError: setUploadError });
      if (!photoURL) return; // the reason is shown under the image field; the form keeps its values
      await postArticle.mutateAsync({
        email: user.email,
        body: {
          ...articleFieldsBody(values, photoURL),
          userInfo: { email: user.email, name: user.displayName ?? '', image: user.photoURL ?? '' },
        },
      });
      draft.submitted();
      void swal.fire({ icon: 'success', title: m.submittedTitle, text: m.submittedText });
      navigate('/my-articles');
    } catch (error) {
      if (isNeedPremium(error)) {
        void swal.fire({ icon: 'error', title: m.needPremiumTitle, text: m.needPremiumText });
      } else {
        // Logged, and said by the app-wide toast of failed mutations (the server's message).
        console.error(error);
      }
    } finally {
      setBusy(false);
    }
  };

  if (publishers.isPending) return <FullScreenLoader label="Loading publishers" />;
  if (draft.loading) return <FullScreenLoader label="Loading your draft" />;
  if (publishers.isError) {
    return (
      <LoadError
        title="Publishers could not be loaded, so an article cannot be added yet."
        error={publishers.error}
        onRetry={() => publishers.refetch()}
        className="mx-auto max-w-3xl"
      />
    );
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit, () => {
        if (!image) setImageError(m.noImageStored);
      })}
      className="card mx-auto grid max-w-3xl gap-5 p-5 sm:p-8"
      aria-busy={busy}
    >
      {!draft.opened && draft.autosave.state === 'idle' && user?.email && (
        <DraftOffer email={user.email} onContinue={draft.open} />
      )}
      {allowance.data && !allowance.data.canPost && (
        <FreePlanNotice maxArticles={allowance.data.maxArticles ?? 1} />
      )}
      <ArticleTitleField register={register} errors={errors} />

      <div className="grid gap-5 sm:grid-cols-2">
        <ArticleImageUpload
          image={image}
          error={imageError ? m.noImageShown : uploadError || undefined}
          onChange={(file) => {
            setImage(file);
            if (file) setImageError('');
            setUploadError(file ? (imageFileProblem(file) ?? '') : '');
          }}
        />
        <ArticlePublisherField
          register={register}
          errors={errors}
          publisherNames={(publishers.data ?? []).map((p) => p.publisherName)}
        />
      </div>

      <ArticleTagsField control={control} errors={errors} />

      <ArticleDescriptionField register={register} errors={errors} rows={8} />

      <AutosaveStatus state={draft.autosave.state} refusal={draft.autosave.refusal} />
      <button type="submit" className="btn btn-primary w-full py-3 text-base" disabled={busy}>
        {busy && <Spinner className="size-4" label="Submitting" />}
        {m.submit}
      </button>
    </form>
  );
}

/**
 * The free plan's articles are used up: said before typing; the form still works as before and the
 * server still has the last word.
 */
function FreePlanNotice({ maxArticles }: { maxArticles: number }) {
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="free-plan-notice"
    >
      {m.freePlanUsed(maxArticles)}{' '}
      <Link to="/subscription" className="font-semibold underline">
        {m.goPremium}
      </Link>
      {m.toPostMore}
    </p>
  );
}

interface ArticleImageUploadProps {
  image: File | null;
  error: string | undefined;
  onChange: (file: File | null) => void;
}

/** The article's image, required: uploaded on submit. */
function ArticleImageUpload({ image, error, onChange }: ArticleImageUploadProps) {
  return (
    <Field
      label="Upload Image"
      error={error}
      errorClassName="mt-1 text-sm font-semibold text-red-700 dark:text-red-400"
    >
      {(control) => (
        <ImageFileInput {...wiredTo(control)} file={image} placeholder={m.choosePhoto} onChange={onChange} />
      )}
    </Field>
  );
}
