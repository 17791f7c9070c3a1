import type { ReactNode } from 'react';

/** The frame of the sign-in pages: brand panel on the left, the form card on the right. */
export default function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        background: 'linear-gradient(135deg, #0b3ea8 0%, #1f6fff 55%, #56a0ff 100%)',
      }}
    >
      <div
        style={{
          flex: 1,
          color: '#fff',
          padding: '10vh 6vw',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
        className="auth-brand"
      >
        <div style={{ fontSize: 34, fontWeight: 700, letterSpacing: 2 }}>销售CRM</div>
        <div style={{ fontSize: 18, marginTop: 16, opacity: 0.92 }}>
          线索、客户、公海、外呼与 AI 通话分析，一站式销售管理
        </div>
        <ul style={{ marginTop: 28, lineHeight: 2.1, opacity: 0.88, paddingLeft: 20 }}>
          <li>通话录音自动转写，AI 分析意向度、流失风险与违规</li>
          <li>公海与自动分配规则，线索不遗漏</li>
          <li>多维统计看板，团队人效一目了然</li>
        </ul>
      </div>
      <div
        style={{
          width: 480,
          maxWidth: '100%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 24,
        }}
      >
        <div
          style={{
            width: 400,
            background: '#fff',
            borderRadius: 12,
            padding: '32px 36px',
            boxShadow: '0 12px 40px rgba(0,0,0,0.18)',
          }}
        >
          <h3 className="auth-title">{title}</h3>
          {children}
          {footer && <div style={{ marginTop: 8, textAlign: 'center' }}>{footer}</div>}
        </div>
      </div>
    </div>
  );
}
