import { usePageTitle } from '@/components/usePageTitle';
import { AuthShell } from '@/features/auth/components/AuthShell';
import { RegistrationForm } from '@/features/auth/components/RegistrationForm';

export default function Registration() {
  usePageTitle('Registration');
  return (
    <AuthShell
      title="Create your account"
      subtitle="Join Newsroom to publish your stories and follow the news."
    >
      <RegistrationForm />
    </AuthShell>
  );
}
