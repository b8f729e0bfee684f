/**
 * The 404 page (spec p2 §2, §8): shown for /404 and any unknown path, with the spec's text
 * "Sorry, the page you visited does not exist." and a back-to-home button.
 */
import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { MSG, UI } from '@cunzheng/contract/messages';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="page">
      <Result
        status="404"
        title="404"
        subTitle={MSG.NOT_FOUND_PAGE}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {UI.BACK_HOME}
          </Button>
        }
      />
    </div>
  );
}
