import { type DetailProps, GenericEntityDetail } from '../../event-landing/components/entity-detail';
import '../i18n';

/** Placeholder until this feature's screen lands: the generic header. */
export function SessionDetail(props: DetailProps) {
  return <GenericEntityDetail kind="sessions" {...props} />;
}
