package aisle.testnode;

import org.apache.lucene.analysis.charfilter.MappingCharFilter;
import org.apache.lucene.analysis.charfilter.NormalizeCharMap;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.index.analysis.AbstractCharFilterFactory;

import java.io.Reader;
import java.util.List;

/** `mapping` char filter from inline `mappings` rules ("ø => o"; `\\`, `\n`, `\t` and `\\uXXXX` escapes). */
final class MappingCharFilterFactory extends AbstractCharFilterFactory {
    private final NormalizeCharMap map;

    MappingCharFilterFactory(String name, Settings settings) {
        super(name);
        List<String> rules = settings.getAsList("mappings", null);
        if (rules == null) throw new IllegalArgumentException("mapping requires `mappings` (the test node reads no files)");
        NormalizeCharMap.Builder builder = new NormalizeCharMap.Builder();
        for (String rule : rules) {
            int arrow = rule.indexOf("=>");
            if (arrow < 0) throw new IllegalArgumentException("Invalid Mapping Rule : [" + rule + "]");
            builder.add(unescape(rule.substring(0, arrow).trim()), unescape(rule.substring(arrow + 2).trim()));
        }
        this.map = builder.build();
    }

    @Override
    public Reader create(Reader reader) {
        return new MappingCharFilter(map, reader);
    }

    private static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            switch (next) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> out.append(next);
            }
        }
        return out.toString();
    }
}
