import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A minimal JSON reader (objects, arrays, strings, numbers, literals): Debian's Lucene comes without a JSON library. */
final class Json {
  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  static Object parse(String text) {
    Json json = new Json(text);
    Object value = json.value();
    json.space();
    if (json.at != text.length()) throw new IllegalArgumentException("trailing text at " + json.at);
    return value;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object value) {
    return value instanceof Map ? (Map<String, Object>) value : Map.of();
  }

  @SuppressWarnings("unchecked")
  static List<Object> array(Object value) {
    return value instanceof List ? (List<Object>) value : List.of();
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
  }

  private Object value() {
    space();
    char c = text.charAt(at);
    if (c == '{') return objectValue();
    if (c == '[') return arrayValue();
    if (c == '"') return string();
    if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
    if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
    if (text.startsWith("null", at)) { at += 4; return null; }
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
    return Double.parseDouble(text.substring(start, at));
  }

  private Map<String, Object> objectValue() {
    Map<String, Object> map = new LinkedHashMap<>();
    at++;
    space();
    if (text.charAt(at) == '}') { at++; return map; }
    while (true) {
      space();
      String key = string();
      space();
      at++; // ':'
      map.put(key, value());
      space();
      if (text.charAt(at++) == '}') return map;
    }
  }

  private List<Object> arrayValue() {
    List<Object> list = new ArrayList<>();
    at++;
    space();
    if (text.charAt(at) == ']') { at++; return list; }
    while (true) {
      list.add(value());
      space();
      if (text.charAt(at++) == ']') return list;
    }
  }

  private String string() {
    StringBuilder out = new StringBuilder();
    at++;
    while (true) {
      char c = text.charAt(at++);
      if (c == '"') return out.toString();
      if (c != '\\') { out.append(c); continue; }
      char e = text.charAt(at++);
      switch (e) {
        case 'n': out.append('\n'); break;
        case 't': out.append('\t'); break;
        case 'r': out.append('\r'); break;
        case 'b': out.append('\b'); break;
        case 'f': out.append('\f'); break;
        case 'u': out.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; break;
        default: out.append(e);
      }
    }
  }
}
