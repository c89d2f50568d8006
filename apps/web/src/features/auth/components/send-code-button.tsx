import { SMS_RESEND_SECONDS, authMessages, type SmsType } from '@psy/contracts';
import { LoadingOutlined } from '@ant-design/icons';
import { Button, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useSendCode } from '../api/send-code';

interface Props {
  form: FormInstance;
  type: SmsType;
  /** The form field holding the phone number. */
  field?: string;
}

/**
 * 获取验证码 -> loading -> 60 s countdown -> 重新发送 (spec section 4). A refusal (429 too
 * soon, bad number) only stops the loading; the client's toast already says why.
 */
export function SendCodeButton({ form, type, field = 'telephone' }: Props) {
  const send = useSendCode();
  const [left, setLeft] = useState(0);
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => () => clearInterval(timer.current), []);

  function countdown(seconds: number) {
    // Counted from an end time, so a throttled background tab still ends on time.
    const end = Date.now() + seconds * 1000;
    clearInterval(timer.current);
    setLeft(seconds);
    timer.current = setInterval(() => {
      const rest = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(timer.current);
    }, 250);
  }

  async function onClick() {
    let telephone: string;
    try {
      telephone = (await form.validateFields([field]))[field] as string;
    } catch {
      return; // the field shows what is wrong with the number
    }
    send.mutate(
      { telephone, type },
      {
        onSuccess: (res) => {
          setSent(true);
          toast.success(authMessages.codeSent);
          countdown(res.resendAfter > 0 ? res.resendAfter : SMS_RESEND_SECONDS);
        },
      },
    );
  }

  const counting = left > 0;
  return (
    <Button
      onClick={() => void onClick()}
      // A plain spinner icon rather than `loading`: antd animates that icon out, and until the
      // animation ends its "loading" label stays in the button's accessible name.
      icon={send.isPending ? <LoadingOutlined /> : undefined}
      disabled={counting || send.isPending}
      aria-busy={send.isPending}
      style={{ minWidth: 112 }}
    >
      {counting ? `${left}s` : sent ? '重新发送' : '获取验证码'}
    </Button>
  );
}
