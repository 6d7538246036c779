import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Field } from '@/components/Field';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { ImageFileInput } from '@/components/ImageFileInput';
import { Spinner } from '@/components/Spinner';
import { isNeedPremium } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { swal } from '@/lib/swal';
import { uploadImage } from '@/lib/upload-image';
import { usePublishers } from '../api/publishers';
import { usePostArticle } from './api';
import {
  ArticleDescriptionField,
  articleFieldsBody,
  ArticlePublisherField,
  ArticleTagsField,
  ArticleTitleField,
  type ArticleValues,
} from './ArticleFields';
import { writerMessages as m } from './messages';

/** SPEC.md §2 "Add article" and §4 "Submit article flow". */
export function AddArticleForm() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const publishers = usePublishers();
  const postArticle = usePostArticle();
  const [image, setImage] = useState<File | null>(null);
  /** 'Select an image first' is kept here; the page then shows 'Select an image' (SPEC.md §5). */
  const [imageError, setImageError] = useState('');
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ArticleValues>({ defaultValues: { title: '', publisher: '', tags: [], description: '' } });

  const onSubmit = async (values: ArticleValues) => {
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
          ...articleFieldsBody(values, photoURL),
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
      <ArticleTitleField register={register} errors={errors} />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Upload Image"
          error={imageError ? m.noImageShown : undefined}
          errorClassName="mt-1 text-sm font-semibold text-red-700 dark:text-red-400"
        >
          {(control) => (
            <ImageFileInput
              id={control.id}
              file={image}
              placeholder={m.choosePhoto}
              invalid={control['aria-invalid']}
              describedBy={control['aria-describedby']}
              onChange={(file) => {
                setImage(file);
                if (file) setImageError('');
              }}
            />
          )}
        </Field>
        <ArticlePublisherField
          register={register}
          errors={errors}
          publisherNames={(publishers.data ?? []).map((p) => p.publisherName)}
        />
      </div>

      <ArticleTagsField control={control} errors={errors} required />

      <ArticleDescriptionField register={register} errors={errors} rows={8} />

      <button type="submit" className="btn btn-primary w-full py-3 text-base" disabled={busy}>
        {busy && <Spinner className="size-4" label="Submitting" />}
        {m.submit}
      </button>
    </form>
  );
}
