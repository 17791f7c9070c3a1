import { Col, Form, type FormItemProps } from 'antd';

/** A form field in a column of a `<Row>` of fields (half the width by default). */
export function ColItem({ span = 12, ...item }: FormItemProps & { span?: number }) {
  return (
    <Col span={span}>
      <Form.Item {...item} />
    </Col>
  );
}
