import { Spin } from 'antd';

export const fallback = (
  <div style={{ height: '60vh', display: 'grid', placeItems: 'center' }}>
    <Spin size="large" />
  </div>
);
