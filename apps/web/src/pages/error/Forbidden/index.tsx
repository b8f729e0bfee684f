/**
 * The 403 page (无权访问): shown inside the main layout when a logged-in user who is not an operator
 * opens an /admin address (issue 8 §3). The user stays logged in; the way out is the home page.
 * Plain markup with antd Result's look and picture (components/light/Result): no antd (issue 16).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MSG, UI } from '@cunzheng/contract/messages';
import { documentTitle } from '../../../layouts/RootLayout';
import { Result } from '../../../components/light/Result';
import { ForbiddenImage } from '../../../components/light/ForbiddenImage';

export default function ForbiddenPage() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = documentTitle(MSG.FORBIDDEN);
  }, []);
  return (
    <div className="page">
      <Result
        image={<ForbiddenImage />}
        title={MSG.FORBIDDEN}
        subTitle="该页面仅对平台运营人员开放，当前账号没有访问权限。"
        action={{ label: UI.BACK_HOME, onClick: () => navigate('/home') }}
      />
    </div>
  );
}
