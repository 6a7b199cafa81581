import { NotFoundScreen } from '../../components/screens/NotFoundScreen';
import { PATHS } from '../paths';

export function NotFoundPage() {
  return <NotFoundScreen homeHref={PATHS.home} />;
}
