import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ImageFileInput } from '@/components/ImageFileInput';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { uploadImage } from '@/lib/upload-image';
import { usePublishers } from '../api/publishers';
import { TagSelect } from '../components/TagSelect';
import { TAG_OPTIONS } from '../tags';
import { useUpdateArticle } from './api';
import { writerMessages as m } from './messages';
import type { OwnArticle } from './types';

interface UpdateValues {
  title: string;
  publisher: string;
  tags: string[];
  description: string;
}

interface UpdateArticleFormProps {
  article: OwnArticle;
  /** Called after a successful update (the caller closes its dialog and shows 'Updated'). */
  onUpdated: () => void;
  onCancel: () => void;
  onBusyChange?: (busy: boolean) => void;
}

/** SPEC.md §2 "update form": title, publisher, description, tags and image (title/publisher/description required). */
export function UpdateArticleForm({ article, onUpdated, onCancel, onBusyChange }: UpdateArticleFormProps) {
  const { darkMode } = useAuth();
  const publishers = usePublishers();
  const update = useUpdateArticle();
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusyState] = useState(false);
  const ids = { title: useId(), image: useId(), publisher: useId(), tags: useId(), description: useId() };
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<UpdateValues>({
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

  const onSubmit = async (values: UpdateValues) => {
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
        body: {
          title: values.title.trim(),
          publisher: values.publisher,
          description: values.description.trim(),
          formatedTags: values.tags,
          photoURL,
        },
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
      <div>
        <label htmlFor={ids.title} className="label">
          Title
        </label>
        <input
          id={ids.title}
          className="input"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${ids.title}-error` : undefined}
          {...register('title', {
            validate: (v) => v.trim() !== '' || 'Title is required',
            maxLength: { value: 150, message: 'At most 150 characters' },
          })}
        />
        {errors.title && (
          <p id={`${ids.title}-error`} className="field-error">
            {errors.title.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.publisher} className="label">
          Publisher
        </label>
        <select
          id={ids.publisher}
          className="input"
          aria-invalid={errors.publisher ? true : undefined}
          aria-describedby={errors.publisher ? `${ids.publisher}-error` : undefined}
          {...register('publisher', { required: 'Publisher is required' })}
        >
          <option value="" disabled>
            {m.selectPublisher}
          </option>
          {publisherNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {errors.publisher && (
          <p id={`${ids.publisher}-error`} className="field-error">
            {errors.publisher.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.tags} className="label">
          Tags
        </label>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagSelect
              inputId={ids.tags}
              value={TAG_OPTIONS.filter((o) => field.value.includes(o.value))}
              onChange={(selected) => field.onChange(selected.map((o) => o.value))}
              darkMode={darkMode}
              placeholder={m.selectTags}
            />
          )}
        />
      </div>
      <div>
        <label htmlFor={ids.image} className="label">
          Image
        </label>
        <div className="flex items-center gap-3">
          <img src={article.articleImage} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
          <div className="min-w-0 flex-1">
            <ImageFileInput id={ids.image} file={image} placeholder={m.choosePhoto} onChange={setImage} />
          </div>
        </div>
      </div>
      <div>
        <label htmlFor={ids.description} className="label">
          Description
        </label>
        <textarea
          id={ids.description}
          rows={6}
          className="input"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          {...register('description', {
            validate: (v) => v.trim() !== '' || 'Description is required',
            maxLength: { value: 20000, message: 'At most 20,000 characters' },
          })}
        />
        {errors.description && (
          <p id={`${ids.description}-error`} className="field-error">
            {errors.description.message}
          </p>
        )}
      </div>
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
