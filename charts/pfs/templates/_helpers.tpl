{{/*
Labels that select one component's pods. Argument: dict "root" $ "name" <component>.
*/}}
{{- define "pfs.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{/*
Every label of one component's objects. Argument: dict "root" $ "name" <component>.
*/}}
{{- define "pfs.labels" -}}
{{ include "pfs.selectorLabels" . }}
app.kubernetes.io/part-of: pfs
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end }}

{{/*
Labels of objects that belong to no single component (namespace-wide NetworkPolicies).
Argument: $.
*/}}
{{- define "pfs.commonLabels" -}}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: pfs
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end }}

{{/*
The one image every component runs. Argument: $.
*/}}
{{- define "pfs.image" -}}
{{- if .Values.image.digest -}}
{{ printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else -}}
{{ printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end -}}
{{- end }}

{{/*
A component named in another's `calls`, checked to exist and be enabled.
Argument: dict "root" $ "caller" <name> "callee" <name>. Returns the callee's port.
*/}}
{{- define "pfs.calleePort" -}}
{{- $target := index .root.Values.components .callee -}}
{{- if not $target -}}
{{- fail (printf "components.%s.calls: no component named %q" .caller .callee) -}}
{{- end -}}
{{- if not $target.enabled -}}
{{- fail (printf "components.%s.calls: %q is not enabled" .caller .callee) -}}
{{- end -}}
{{- $target.port -}}
{{- end }}

{{/*
An entry of `dependencies` named in a component's `uses`, checked to exist.
Argument: dict "root" $ "component" <name> "dependency" <name>. Returns it as YAML.
*/}}
{{- define "pfs.dependency" -}}
{{- $d := index .root.Values.dependencies .dependency -}}
{{- if not $d -}}
{{- fail (printf "components.%s.uses: no dependency named %q" .component .dependency) -}}
{{- end -}}
{{- toYaml $d -}}
{{- end }}
