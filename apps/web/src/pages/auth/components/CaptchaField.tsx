/**
 * Image-captcha form item (spec p2 §5: 4 letters or digits): an input plus the SVG from
 * POST /api/Register/getImgCode; clicking the image loads a new one. The answer is checked when an
 * SMS is requested (beforeSms.ts), not on submit: each send consumes the captcha.
 */
import { Flex, Form, Input, Spin } from 'antd';
import { CAPTCHA_LENGTH } from '@cunzheng/contract/constants';
import type { ImageCaptchaState } from '../../../hooks/useImageCaptcha';

export function CaptchaField({ captcha, name = 'imgCode' }: { captcha: ImageCaptchaState; name?: string }) {
  return (
    <Form.Item label="图形验证码" required>
      <Flex gap={8}>
        <Form.Item name={name} noStyle>
          <Input placeholder="请输入图形验证码" maxLength={CAPTCHA_LENGTH} autoComplete="off" size="large" />
        </Form.Item>
        <button type="button" className="captcha-img" onClick={captcha.refresh} title="看不清？换一张" aria-label="刷新图形验证码">
          {captcha.src ? <img src={captcha.src} alt="图形验证码" /> : <Spin size="small" spinning={captcha.loading} />}
        </button>
      </Flex>
    </Form.Item>
  );
}
