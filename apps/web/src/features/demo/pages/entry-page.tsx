import { Navigate } from 'react-router';
import { storedDemoUser, useDemoToken } from '../api/client';
import type { DemoUser } from '../api/types';
import { landingPath } from '../modules';

/** /demo (and any unknown /demo path): the console's first page for a signed-in user, else its login. */
export function Component() {
  const token = useDemoToken();
  return <Navigate to={token ? landingPath(storedDemoUser<DemoUser>()) : '/demo/login'} replace />;
}
