import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/Field';
import { ImageFileInput } from '@/components/ImageFileInput';
import { Spinner } from '@/components/Spinner';
import { uploadImage } from '@/lib/upload-image';
import { usePublishers } from '../api/publishers';
import { useUpdateArticle } from './api';
import {
  ArticleDescriptionField,
  articleFieldsBody,
  ArticlePublisherField,
  ArticleTagsField,
  ArticleTitleField,
  type ArticleValues,
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

/** SPEC.md §2 "update form": title, publisher, description, tags and image (title/publisher/description required). */
export function UpdateArticleForm({ article, onUpdated, onCancel, onBusyChange }: UpdateArticleFormProps) {
  const publishers = usePublishers();
  const update = useUpdateArticle();
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusyState] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ArticleValues>({
    defaultValues: {
      title: article.articleTitle,
      publisher: article.publisher,
      tags: article.Tags ?? [],
      description: article.articleDescription,
    },
  });

  const setBusy = (value: boolean) => {
    setBusyState(value);
    onBusyChange?.(value);
  };

  const onSubmit = async (values: ArticleValues) => {
    setBusy(true);
    try {
      let photoURL = article.articleImage;
      if (image) {
        const uploaded = await uploadImage(image);
        if (!uploaded) return; // logged by the helper; the form stays usable
        photoURL = uploaded;
      }
      await update.mutateAsync({
        id: article._id,
        body: articleFieldsBody(values, photoURL),
      });
      onUpdated();
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  };

  const publisherNames = (publishers.data ?? []).map((p) => p.publisherName);
  if (!publisherNames.includes(article.publisher)) publisherNames.unshift(article.publisher);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-busy={busy}>
      <ArticleTitleField register={register} errors={errors} />
      <ArticlePublisherField register={register} errors={errors} publisherNames={publisherNames} />
      <ArticleTagsField control={control} errors={errors} />
      <Field label="Image">
        {({ id }) => (
          <div className="flex items-center gap-3">
            <img src={article.articleImage} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
            <div className="min-w-0 flex-1">
              <ImageFileInput id={id} file={image} placeholder={m.choosePhoto} onChange={setImage} />
            </div>
          </div>
        )}
      </Field>
      <ArticleDescriptionField register={register} errors={errors} rows={6} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <Spinner className="size-4" label="Updating" />}
          Update
        </button>
      </div>
    </form>
  );
}
