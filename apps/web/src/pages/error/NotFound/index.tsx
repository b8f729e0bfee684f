/**
 * The 404 page (spec p2 §2, §8): shown for /404 and any unknown path, with the spec's text
 * "Sorry, the page you visited does not exist." and a back-to-home button. Plain markup with antd
 * Result's look and picture (components/light/Result), so it paints without antd (issue 16).
 */
import { useNavigate } from 'react-router';
import { MSG, UI } from '@cunzheng/contract/messages';
import { Result } from '../../../components/light/Result';
import { NotFoundImage } from '../../../components/light/NotFoundImage';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="page">
      <Result image={<NotFoundImage />} title="404" subTitle={MSG.NOT_FOUND_PAGE} action={{ label: UI.BACK_HOME, onClick: () => navigate('/home') }} />
    </div>
  );
}
