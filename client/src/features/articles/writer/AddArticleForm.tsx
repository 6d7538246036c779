import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { ImageFileInput } from '@/components/ImageFileInput';
import { Spinner } from '@/components/Spinner';
import { isNeedPremium } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { swal } from '@/lib/swal';
import { uploadImage } from '@/lib/upload-image';
import { usePublishers } from '../api/publishers';
import { TagSelect } from '../components/TagSelect';
import { TAG_OPTIONS } from '../tags';
import { usePostArticle } from './api';
import { writerMessages as m } from './messages';

interface AddArticleValues {
  title: string;
  publisher: string;
  tags: string[];
  description: string;
}

/** SPEC.md §2 "Add article" and §4 "Submit article flow". */
export function AddArticleForm() {
  const { user, darkMode } = useAuth();
  const navigate = useNavigate();
  const publishers = usePublishers();
  const postArticle = usePostArticle();
  const [image, setImage] = useState<File | null>(null);
  /** 'Select an image first' is kept here; the page then shows 'Select an image' (SPEC.md §5). */
  const [imageError, setImageError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = {
    title: useId(),
    image: useId(),
    imageError: useId(),
    publisher: useId(),
    tags: useId(),
    tagsError: useId(),
    description: useId(),
  };
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AddArticleValues>({ defaultValues: { title: '', publisher: '', tags: [], description: '' } });

  const onSubmit = async (values: AddArticleValues) => {
    if (!image) {
      setImageError(m.noImageStored);
      return;
    }
    if (!user?.email) return;
    setBusy(true);
    try {
      const photoURL = await uploadImage(image);
      if (!photoURL) return; // the helper already logged why; the form stays usable
      await postArticle.mutateAsync({
        email: user.email,
        body: {
          title: values.title.trim(),
          photoURL,
          publisher: values.publisher,
          formatedTags: values.tags,
          description: values.description.trim(),
          userInfo: { email: user.email, name: user.displayName ?? '', image: user.photoURL ?? '' },
        },
      });
      void swal.fire({ icon: 'success', title: m.submittedTitle, text: m.submittedText });
      navigate('/my-articles');
    } catch (error) {
      if (isNeedPremium(error)) {
        void swal.fire({ icon: 'error', title: m.needPremiumTitle, text: m.needPremiumText });
      } else {
        console.error(error);
      }
    } finally {
      setBusy(false);
    }
  };

  if (publishers.isPending) return <FullScreenLoader label="Loading publishers" />;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, () => {
        if (!image) setImageError(m.noImageStored);
      })}
      className="card mx-auto grid max-w-3xl gap-5 p-5 sm:p-8"
      aria-busy={busy}
    >
      <div>
        <label htmlFor={ids.title} className="label">
          Title
        </label>
        <input
          id={ids.title}
          className="input"
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${ids.title}-error` : undefined}
          {...register('title', {
            required: 'Title is required',
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

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.image} className="label">
            Upload Image
          </label>
          <ImageFileInput
            id={ids.image}
            file={image}
            placeholder={m.choosePhoto}
            invalid={!!imageError}
            describedBy={imageError ? ids.imageError : undefined}
            onChange={(file) => {
              setImage(file);
              if (file) setImageError('');
            }}
          />
          {imageError && (
            <p id={ids.imageError} className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
              {m.noImageShown}
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
            {(publishers.data ?? []).map((p) => (
              <option key={p._id} value={p.publisherName}>
                {p.publisherName}
              </option>
            ))}
          </select>
          {errors.publisher && (
            <p id={`${ids.publisher}-error`} className="field-error">
              {errors.publisher.message}
            </p>
          )}
        </div>
      </div>

      <div>
        <label htmlFor={ids.tags} className="label">
          Tags
        </label>
        <Controller
          control={control}
          name="tags"
          rules={{ validate: (v) => v.length > 0 || 'Select at least one tag' }}
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
        {errors.tags && (
          <p id={ids.tagsError} className="field-error">
            {errors.tags.message}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={ids.description} className="label">
          Description
        </label>
        <textarea
          id={ids.description}
          rows={8}
          className="input"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          {...register('description', {
            required: 'Description is required',
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

      <button type="submit" className="btn btn-primary w-full py-3 text-base" disabled={busy}>
        {busy && <Spinner className="size-4" label="Submitting" />}
        {m.submit}
      </button>
    </form>
  );
}
