import { ComingSoon } from '@/components/coming-soon';

export default function AdminRoute() {
  return (
    <ComingSoon
      title="Administration"
      purpose="This area is reserved for administrators. Its tools have not been built yet."
    />
  );
}
