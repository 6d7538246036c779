import { usePageTitle } from '@/components/usePageTitle';
import { AddPublisherForm } from '@/features/admin/AddPublisherForm';

export default function AddPublisher() {
  usePageTitle('Add Publisher');
  return (
    <section>
      <h1 className="section-title mb-6">Add Publisher</h1>
      <AddPublisherForm />
    </section>
  );
}
