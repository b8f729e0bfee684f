/** 下载模板 link (spec p1 §7 POST /api/user/download and /api/home/templateDown → data.url, opened in a new window). */
import { Button } from 'antd';
import { templateUrl } from '../../../api/kyc';

export function TemplateLink({ type, label }: { type: 1 | 2; label: string }) {
  return (
    <Button
      type="link"
      size="small"
      onClick={async () => {
        try {
          const { url } = await templateUrl(type);
          window.open(url, '_blank', 'noopener');
        } catch {
          // Toasted by the wrapper.
        }
      }}
    >
      {label}
    </Button>
  );
}
