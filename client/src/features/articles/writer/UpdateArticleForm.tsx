import { useEffect, useId, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/Field';
import { ImageFileInput, wiredTo } from '@/components/ImageFileInput';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/error-message';
import { imageFileProblem, uploadImage } from '@/lib/upload-image';
import { usePublishers } from '@/lib/api/articles';
import { useUpdateArticle } from '@/lib/api/writer';
import { useAuth } from '@/lib/auth';
import { AutosaveStatus } from '../drafts/AutosaveStatus';
import { RestoredChanges } from '../drafts/RestoredChanges';
import { useArticleUpdateDraft } from '../drafts/useArticleDrafts';
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
import type { OwnArticle } from './types';

interface UpdateArticleFormProps {
  article: OwnArticle;
  /** Called after a successful update (the caller closes its dialog and shows 'Updated'). */
  onUpdated: () => void;
  onCancel: () => void;
  onBusyChange?: (busy: boolean) => void;
}

/** docs/product.md §2 "update form": title, publisher, description, tags and image (title/publisher/description required). */
export function UpdateArticleForm({ article, onUpdated, onCancel, onBusyChange }: UpdateArticleFormProps) {
  const publishers = usePublishers();
  const update = useUpdateArticle();
  const [image, setImage] = useState<File | null>(null);
  /** Why the new image cannot be used (too large, wrong type, the upload's failure). */
  const [uploadError, setUploadError] = useState('');
  /** Why the update was refused (e.g. an admin declined the article meanwhile); shown in the dialog. */
  const [formError, setFormError] = useState('');
  const [busy, setBusyState] = useState(false);
  const approved = article.status === 'Approved' || article.status === 'Accepted';
  const review = useReviewConfirmation(approved);
  const saved = savedValues(article);
  const {
    register,
    handleSubmit,
    control,
    watch,
    reset,
    formState: { errors },
  } = useForm<ArticleValues, unknown, CheckedArticleValues>({
    resolver: zodResolver(articleFormSchema),
    defaultValues: saved,
  });

  // Unsent changes are kept as a draft of this article (docs/roles.md, "Drafts"): closing the dialog,
  // the tab or losing the network keeps them, and the dialog offers them back when opened again.
  const { user } = useAuth();
  const draft = useArticleUpdateDraft(user?.email, article._id, saved, watch, (values) =>
    reset(values as ArticleValues),
  );

  const setBusy = (value: boolean) => {
    setBusyState(value);
    onBusyChange?.(value);
  };

  const onSubmit = async (values: CheckedArticleValues) => {
    setFormError('');
    if (!review.mayProceed()) return;
    const problem = image && imageFileProblem(image);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setBusy(true);
    try {
      let photoURL = article.articleImage;
      if (image) {
        const uploaded = await uploadImage(image, { onError: setUploadError });
        if (!uploaded) return; // the reason is shown under the image field; the form keeps its values
        photoURL = uploaded;
      }
      await update.mutateAsync({
        id: article._id,
        body: articleFieldsBody(values, photoURL),
      });
      draft.submitted();
      onUpdated();
    } catch (error) {
      console.error(error);
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const publisherNames = (publishers.data ?? []).map((p) => p.publisherName);
  // The article's own publisher stays a choice, even when it is no longer listed.
  if (!publisherNames.includes(article.publisher)) publisherNames.unshift(article.publisher);

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      aria-busy={busy}
    >
      {approved && (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="review-warning"
        >
          {m.backToReview}
        </p>
      )}
      {draft.restoredAt !== null && <RestoredChanges at={draft.restoredAt} onDiscard={draft.discard} />}
      <ArticleTitleField register={register} errors={errors} />
      <ArticlePublisherField register={register} errors={errors} publisherNames={publisherNames} />
      <ArticleTagsField control={control} errors={errors} />
      <ArticleImageField
        current={article.articleImage}
        image={image}
        error={uploadError}
        onChange={(file) => {
          setImage(file);
          setUploadError(file ? (imageFileProblem(file) ?? '') : '');
        }}
      />
      <ArticleDescriptionField register={register} errors={errors} rows={6} />
      <AutosaveStatus state={draft.autosave.state} refusal={draft.autosave.refusal} />
      {formError && (
        <p role="alert" className="field-error" data-testid="update-error">
          {formError}
        </p>
      )}
      {review.confirming ? (
        <ReviewConfirmation
          review={review}
          onConfirm={() => review.confirm((onInvalid) => void handleSubmit(onSubmit, onInvalid)())}
        />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <Spinner className="size-4" label="Updating" />}
            Update
          </button>
        </div>
      )}
    </form>
  );
}

/** What the article holds now: the form's first values, and what an unsent draft differs from. */
function savedValues(article: OwnArticle): ArticleValues {
  return {
    title: article.articleTitle,
    publisher: article.publisher,
    formatedTags: article.Tags ?? [],
    description: article.articleDescription,
  };
}

/** An approved article goes back to review when saved: the writer confirms first. */
function useReviewConfirmation(needed: boolean) {
  const [confirming, setConfirming] = useState(false);
  /** Set by the confirmation, read by the submit it starts. */
  const confirmed = useRef(false);
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return {
    confirming,
    id,
    confirmRef,
    /** Called by the submit: false when it must ask first (and now asks). */
    mayProceed: () => {
      if (needed && !confirmed.current) {
        setConfirming(true);
        return false;
      }
      confirmed.current = false;
      setConfirming(false);
      return true;
    },
    /** Confirmed: the form is submitted again, so what is sent is what the fields hold now. */
    confirm: (resubmit: (onInvalid: () => void) => void) => {
      confirmed.current = true;
      resubmit(() => {
        confirmed.current = false;
        setConfirming(false);
      });
    },
    keepEditing: () => setConfirming(false),
  };
}

interface ReviewConfirmationProps {
  review: ReturnType<typeof useReviewConfirmation>;
  onConfirm: () => void;
}

/** Asks before an approved article is saved (and so sent back to review); Keep editing takes it back. */
function ReviewConfirmation({ review, onConfirm }: ReviewConfirmationProps) {
  return (
    <div
      role="alertdialog"
      aria-labelledby={review.id}
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950"
    >
      <p id={review.id} className="text-sm font-semibold text-amber-900 dark:text-amber-100">
        {m.backToReview}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={review.keepEditing}>
          Keep editing
        </button>
        <button type="button" className="btn btn-primary" ref={review.confirmRef} onClick={onConfirm}>
          Save and send to review
        </button>
      </div>
    </div>
  );
}

interface ArticleImageFieldProps {
  /** The article's image now, shown beside the chooser. */
  current: string;
  image: File | null;
  error: string;
  onChange: (file: File | null) => void;
}

/** The current image and a chooser for a new one (kept when none is chosen). */
function ArticleImageField({ current, image, error, onChange }: ArticleImageFieldProps) {
  return (
    <Field label="Image" error={error || undefined}>
      {(control) => (
        <div className="flex items-center gap-3">
          <ResponsiveImage
            src={current}
            alt=""
            sizes="64px"
            width={1600}
            height={900}
            loading="eager"
            className="h-12 w-16 shrink-0 rounded object-cover"
          />
          <div className="min-w-0 flex-1">
            <ImageFileInput
              {...wiredTo(control)}
              file={image}
              placeholder={m.choosePhoto}
              onChange={onChange}
            />
          </div>
        </div>
      )}
    </Field>
  );
}
