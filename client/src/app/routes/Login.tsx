import { usePageTitle } from '@/components/usePageTitle';
import { AuthShell } from '@/features/auth/components/AuthShell';
import { LoginForm } from '@/features/auth/components/LoginForm';

export default function Login() {
  usePageTitle('Login');
  return (
    <AuthShell title="Welcome back" subtitle="Sign in to read, write and manage your articles.">
      <LoginForm />
    </AuthShell>
  );
}
