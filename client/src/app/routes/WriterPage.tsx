import { useParams } from 'react-router-dom';
import { WriterPageView } from '@/features/articles/components/WriterPageView';

/** /writers/:id: a writer's public page (anyone may open it). */
export default function WriterPage() {
  const { id = '' } = useParams();
  return <WriterPageView key={id} id={id} />;
}
